/**
 * Playwright reporter: each test that failed (or timed out, or was interrupted) as one line,
 * `[project] file:line › describe › title: first error line`, and any error outside a test
 * (a web server that did not start), for the end of `npm test` (./failures-file.ts).
 * A test that passed on a retry is not a failure of the run, so it is not named.
 */
import path from 'node:path'
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
      lines.push(failureLine(`[${project}] ${file}:${test.location.line} › ${titles.join(' › ')}`, message))
    }
    noteFailures(lines)
  }

  printsToStdio() {
    return false
  }
}
