import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogSummary } from './log-summary.server'

afterEach(() => vi.useRealTimers())

describe('createLogSummary', () => {
  const make = (lines: string[]) =>
    createLogSummary((line) => lines.push(line), {
      first: (detail) => `kept ${detail}`,
      more: (count, first, last) => `${count} more kept (${first}–${last})`,
    })

  it('logs the first of a burst at once and the rest as one counted line per window', () => {
    vi.useFakeTimers()
    const lines: string[] = []
    const summary = make(lines)
    for (let id = 1; id <= 40; id++) summary.add(`#${id}`)
    expect(lines).toEqual(['kept #1'])
    vi.advanceTimersByTime(10_000)
    expect(lines).toEqual(['kept #1', '39 more kept (#2–#40)'])
    // A later burst starts again with its first event in full.
    summary.add('#41')
    summary.add('#42')
    vi.advanceTimersByTime(10_000)
    expect(lines).toEqual(['kept #1', '39 more kept (#2–#40)', 'kept #41', '1 more kept (#42–#42)'])
  })

  it('writes nothing more for a lone event, and flush writes what is counted', () => {
    vi.useFakeTimers()
    const lines: string[] = []
    const summary = make(lines)
    summary.add('#1')
    vi.advanceTimersByTime(10_000)
    expect(lines).toEqual(['kept #1'])
    summary.add('#2')
    summary.add('#3')
    summary.flush()
    expect(lines).toEqual(['kept #1', 'kept #2', '1 more kept (#3–#3)'])
  })
})
