/**
 * How the Lighthouse bench judges a page run several times (BENCH_LIGHTHOUSE_REPEAT): by the
 * median of its runs, each page and preset on its own (scripts/bench/format.ts,
 * lighthouse-report.ts), as the mobile score target is stated; and which of its verdicts
 * decide the exit code (the requirement) and which are only printed (the speed work's aims).
 */
import { describe, expect, it } from 'vitest'
import { median } from '../../scripts/bench/format'
import { mobileVerdicts, runsByPage, verdictTable } from '../../scripts/bench/lighthouse-report'
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

describe('the Lighthouse bench’s verdicts on the scored pages', () => {
  const scored = (score: number, tbtMs: number, cls = 0) =>
    ({ name: 'service', path: '/services/cyber-security', preset: 'mobile', consent: true, score, tbtMs, cls }) as RunSummary
  const verdictsOf = (runs: RunSummary[]) =>
    Object.fromEntries(
      mobileVerdicts([runs]).map((verdict) => [verdict.target.replace(/^service \/services\/cyber-security: /, ''), verdict]),
    )

  it('judges the requirement by the median score, and a score short of 100 as a missed aim that does not decide the exit code', () => {
    const verdicts = verdictsOf([scored(98, 158), scored(100, 56), scored(96, 220)])
    expect(verdicts['mobile score ≥ 95 (median of 3)']).toEqual({ target: expect.any(String), measured: '98', met: true, decides: true })
    expect(verdicts['mobile score 100 (median of 3), aim']).toMatchObject({ measured: '98', met: false, decides: false })
    expect(verdicts['total blocking time < 50 ms (median of 3), aim']).toMatchObject({ measured: '158 ms', met: false, decides: false })
    expect(verdictTable(Object.values(verdicts))).toContain('MISSED (aim, exit code unaffected)')
  })

  it('meets the aims at 100 and under 50 ms of blocking time, and misses the requirement on any layout shift', () => {
    const verdicts = verdictsOf([scored(100, 33), scored(100, 49, 0.002), scored(99, 62)])
    expect(verdicts['mobile score 100 (median of 3), aim']!.met).toBe(true)
    expect(verdicts['total blocking time < 50 ms (median of 3), aim']!.met).toBe(true)
    expect(verdicts['CLS 0 (every run)']).toMatchObject({ measured: '0.002', met: false, decides: true })
    expect(verdicts['total blocking time < 50 ms (median of 3), aim']!.measured).toBe('49 ms')
  })

  it('misses the blocking-time aim at exactly 50 ms, and when no run measured it', () => {
    expect(verdictsOf([scored(100, 50)])['total blocking time < 50 ms, aim']!.met).toBe(false)
    const unmeasured = { ...scored(100, 0), tbtMs: null } as RunSummary
    expect(verdictsOf([unmeasured])['total blocking time < 50 ms, aim']).toMatchObject({ measured: '–', met: false })
  })
})
