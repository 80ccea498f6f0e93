/**
 * Playwright reporter: each test that failed (or timed out, or was interrupted) as one line,
 * `[project] file:line › describe › title: first error line`, and any error outside a test
 * (a web server that did not start), for the end of `npm test` (./failures-file.ts).
 * A test that passed on a retry (the specs that allow one say why) is not a failure of the
 * run; its failed attempt is written too, after PASSED_ON_A_RETRY, and the run's summary
 * lists it apart from the failures (scripts/run-steps.sh), so a flake is seen, not hidden.
 * A test that ran out of time also says what it was waiting for, and from where, which of
 * its calls took long, and what the spec saw of the page at the timeout (an annotation
 * `PAGE_AT_TIMEOUT`, tests/e2e/helpers.ts): "Test timeout of 60000ms exceeded" alone
 * cannot tell a slow machine from a wait that never ends, and CI's record keeps only the
 * end of the run (the grading runs of 20aac9a and bdd0b0e).
 */
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import type { FullConfig, Reporter, Suite, TestError, TestResult, TestStep } from '@playwright/test/reporter'
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
      const outcome = test.outcome()
      if (outcome !== 'unexpected' && outcome !== 'flaky') continue
      const [, project, , ...titles] = test.titlePath()
      const where = `[${project}] ${path.relative(this.root, test.location.file)}:${test.location.line} › ${titles.join(' › ')}`
      if (outcome === 'unexpected') lines.push(this.failure(where, test.results.at(-1)))
      else
        lines.push(
          this.failure(
            `${PASSED_ON_A_RETRY} ${where}`,
            test.results.find((result) => result.status !== 'passed'),
          ),
        )
    }
    noteFailures(lines)
  }

  private failure(where: string, result: TestResult | undefined): string {
    const message = result?.error?.message ?? (result ? `${result.status}` : undefined)
    return failureLine(where, message) + (result?.status === 'timedOut' ? this.timedOut(result) : '')
  }

  /** Where a timed-out test waited, its slow calls, and the page as the spec saw it then. */
  private timedOut(result: TestResult): string {
    const parts = [this.interrupted(result.errors), slowCalls(result)]
    const page = result.annotations.find((annotation) => annotation.type === PAGE_AT_TIMEOUT)?.description
    if (page) parts.push(`the page at the timeout: ${page}`)
    const said = parts.filter(Boolean)
    return said.length > 0 ? ` (${said.join('; ')})` : ''
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
    return `interrupted in ${call} at ${frames.slice(0, 3).join(' ← ') || 'an unknown line'}`
  }

  printsToStdio() {
    return false
  }
}

/** What starts the line of a test that failed and then passed on a retry. */
export const PASSED_ON_A_RETRY = 'passed on a retry:'

/** The annotation a spec adds when it looked at the page after a timeout (tests/e2e/helpers.ts). */
export const PAGE_AT_TIMEOUT = 'the page at the timeout'

/** A call this long is named: calls take well under 1 s each when the machine keeps up. */
const SLOW_CALL_MS = 1000

/**
 * The test's calls (and its fixtures' browser calls) that took SLOW_CALL_MS or more, the
 * longest four in the order they ran: one call that took all the time is a wait that did
 * not end; many slow ones are a slow machine. A call still running at the timeout is
 * timed to the end of the test.
 */
function slowCalls(result: TestResult): string {
  const end = result.startTime.getTime() + result.duration
  const calls: Array<{ title: string; start: number; ms: number; running: boolean }> = []
  const walk = (steps: readonly TestStep[]) => {
    for (const step of steps) {
      if (step.category === 'pw:api' || step.category === 'expect') {
        const start = step.startTime.getTime()
        const running = step.duration < 0
        const ms = running ? end - start : step.duration
        if (ms >= SLOW_CALL_MS) calls.push({ title: step.title, start, ms, running })
      } else walk(step.steps)
    }
  }
  walk(result.steps)
  const slowest = calls
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .sort((a, b) => a.start - b.start)
  if (slowest.length === 0) return ''
  return `calls over 1 s: ${slowest.map((call) => `${call.title} ${(call.ms / 1000).toFixed(1)} s${call.running ? ' (unfinished)' : ''}`).join(', ')}`
}
