/**
 * The tests a step of `npm test` failed, one line each, for the summary at the end of the
 * run (scripts/run-steps.sh). Without it the last lines name only the step: a log that
 * keeps the tail of a long run (CI's record does) says "e2e (playwright)" failed and not
 * which test. Written only when TEST_FAILURES_FILE is set, which `step` does; appended to,
 * because one step may run several suites (a WordPress pass runs vitest, then Playwright).
 */
import { appendFileSync } from 'node:fs'
import { stripVTControlCharacters } from 'node:util'

/** Characters of the first error line kept: enough to tell a timeout from a wrong value. */
const MESSAGE_CHARS = 240

/** `WHERE: the error's first non-empty line`, colours stripped, cut to MESSAGE_CHARS. */
export function failureLine(where: string, message: string | undefined): string {
  const plain = stripVTControlCharacters(message ?? '')
  const first = plain
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)
  if (!first) return where
  return `${where}: ${first.length > MESSAGE_CHARS ? `${first.slice(0, MESSAGE_CHARS - 1)}…` : first}`
}

export function noteFailures(lines: readonly string[]): void {
  const file = process.env.TEST_FAILURES_FILE
  if (!file || lines.length === 0) return
  appendFileSync(file, lines.map((line) => `${line}\n`).join(''))
}
