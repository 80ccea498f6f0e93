/**
 * CONTRIBUTING.md, How the code reads: tests fail on any unexpected console.error or console.warn. A test that
 * expects one spies on the console itself (vi.spyOn) and asserts it.
 */
import { afterEach, beforeEach, vi } from 'vitest'

let unexpected: string[] = []

beforeEach(() => {
  unexpected = []
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`)
    })
  }
})

afterEach(() => {
  const seen = unexpected
  vi.restoreAllMocks()
  if (seen.length > 0) throw new Error(`Unexpected console output:\n${seen.join('\n')}`)
})

/** For tests that expect console output: returns what was logged and clears it. */
export function takeConsoleOutput(): string[] {
  const seen = unexpected
  unexpected = []
  return seen
}
