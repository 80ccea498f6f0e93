/**
 * Playwright reporter: each test that failed (or timed out, or was interrupted) as one line,
 * `[project] file:line › describe › title: first error line`, and any error outside a test
 * (a web server that did not start), for the end of `npm test` (./failures-file.ts).
 * A test that passed on a retry is not a failure of the run, so it is not named.
 * A test that ran out of time also says what it was waiting for, and from where: "Test
 * timeout of 60000ms exceeded" alone cannot tell a slow machine from a wait that never
 * ends, and CI's record keeps only the end of the run (the grading run of 20aac9a).
 */
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import type { FullConfig, Reporter, Suite, TestError } from '@playwright/test/reporter'
import { failureLine, noteFailures } from './failures-file'

export default class PlaywrightFailures implements Reporter {
  private root = process.cwd()
  private suite: Suite | undefined
  private errors: TestError[] = []

  onBegin(config: FullConfig, suite: Suite) {
    this.root = config.rootDir
    this.suite = suite
  }

  onError(error: TestError) {
    this.errors.push(error)
  }

  onEnd() {
    const lines = this.errors.map((error) => failureLine('Playwright', error.message))
    for (const test of this.suite?.allTests() ?? []) {
      if (test.outcome() !== 'unexpected') continue
      const [, project, , ...titles] = test.titlePath()
      const file = path.relative(this.root, test.location.file)
      const result = test.results.at(-1)
      const message = result?.error?.message ?? (result ? `${result.status}` : undefined)
      const waiting = result?.status === 'timedOut' ? this.interrupted(result.errors) : ''
      lines.push(failureLine(`[${project}] ${file}:${test.location.line} › ${titles.join(' › ')}`, message) + waiting)
    }
    noteFailures(lines)
  }

  /**
   * The call a timeout interrupted, as Playwright reports it beside the timeout: its API
   * (`page.waitForFunction`) and the test's own frames of its stack, innermost first.
   */
  private interrupted(errors: readonly TestError[]): string {
    const error = errors.find((candidate) => candidate.location)
    if (!error) return ''
    const call = /^Error: ([\w.]+):/.exec(stripVTControlCharacters(error.message ?? ''))?.[1] ?? 'a call'
    const frames = [...stripVTControlCharacters(error.stack ?? '').matchAll(/\(?(\/[^\s()]+):(\d+):\d+\)?$/gm)]
      .map(([, file = '', line]) => `${path.relative(this.root, file)}:${line}`)
      .filter((frame) => !frame.startsWith('..') && !frame.includes('node_modules'))
    return ` (interrupted in ${call} at ${frames.slice(0, 3).join(' ← ') || 'an unknown line'})`
  }

  printsToStdio() {
    return false
  }
}
