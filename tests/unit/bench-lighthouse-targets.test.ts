/**
 * How the Lighthouse bench judges a page run several times (BENCH_LIGHTHOUSE_REPEAT): by the
 * median of its runs, each page and preset on its own (scripts/bench/format.ts,
 * lighthouse-report.ts), as the mobile score target is stated.
 */
import { describe, expect, it } from 'vitest'
import { median } from '../../scripts/bench/format'
import { runsByPage } from '../../scripts/bench/lighthouse-report'
import type { RunSummary } from '../../scripts/bench/lighthouse-run'

const run = (name: string, preset: 'mobile' | 'desktop', consent: boolean, score: number) =>
  ({ name, path: `/${name}`, preset, consent, score }) as RunSummary

describe('the Lighthouse bench’s medians', () => {
  it('takes the middle value, ignoring runs that measured nothing', () => {
    expect(median([98, 94, 95])).toBe(95)
    expect(median([92, null, 97])).toBe(97)
    expect(median([null])).toBeNull()
  })

  it('groups the runs by page and preset, a first visit apart from a returning one', () => {
    const runs = [
      run('home', 'mobile', true, 94),
      run('home', 'mobile', false, 93),
      run('home', 'desktop', true, 100),
      run('home', 'mobile', true, 98),
    ]
    expect(runsByPage(runs).map((group) => group.map((item) => item.score))).toEqual([[94, 98], [93], [100]])
  })
})
