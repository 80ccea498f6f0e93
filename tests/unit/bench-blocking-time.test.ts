/**
 * What the Lighthouse bench says a mobile page's total blocking time was made of
 * (scripts/bench/lighthouse-audits.ts, blockingBySource; printed by lighthouse-report.ts): each
 * long task counted as Lighthouse counts it for the metric, summed by what it is attributed to.
 */
import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import { blockingBySource, blockingTimeOf } from '../../scripts/bench/lighthouse-audits'
import { blockingRows, medianBlockingRun } from '../../scripts/bench/lighthouse-report'
import type { RunSummary } from '../../scripts/bench/lighthouse-run'

type Task = { url: string; startTime: number; duration: number }

const report = (page: string, fcp: number, interactive: number, tasks: Task[]) =>
  ({
    finalDisplayedUrl: page,
    audits: {
      'first-contentful-paint': { numericValue: fcp },
      interactive: { numericValue: interactive },
      'long-tasks': { details: { type: 'table', items: tasks } },
    },
  }) as unknown as Result

describe('a long task’s blocking time', () => {
  it('is its part over 50 ms, counting only what falls between the first paint and time to interactive', () => {
    expect(blockingTimeOf({ startTime: 1000, duration: 84 }, 900, 2500)).toBe(34)
    // Begun before the paint: only the 56 ms after it count, so 6.
    expect(blockingTimeOf({ startTime: 900, duration: 106 }, 950, 2500)).toBe(6)
    // Less than 50 ms left after the paint: none, however long the whole task.
    expect(blockingTimeOf({ startTime: 750, duration: 161 }, 905, 2500)).toBe(0)
    // Ended before the paint, begun after interactive, or short: none.
    expect(blockingTimeOf({ startTime: 100, duration: 300 }, 905, 2500)).toBe(0)
    expect(blockingTimeOf({ startTime: 2600, duration: 300 }, 905, 2500)).toBe(0)
    expect(blockingTimeOf({ startTime: 1000, duration: 50 }, 905, 2500)).toBe(0)
  })
})

describe('what a run’s blocking time was made of', () => {
  // The long tasks of one real run of home (Lighthouse 13.5, mobile at 5.5×), whose report gave
  // a total blocking time of 110 ms: Lighthouse sums every task, the audit lists the long ones.
  const origin = 'http://127.0.0.1:4330'
  const home = report(`${origin}/`, 905.14, 2506.41, [
    { url: 'Unattributable', duration: 161, startTime: 752.57 },
    { url: `${origin}/`, duration: 84, startTime: 935.57 },
    { url: 'Unattributable', duration: 77, startTime: 1092.57 },
    { url: `${origin}/`, duration: 73, startTime: 1019.57 },
    { url: `${origin}/assets/index-exotX95B.js`, duration: 62, startTime: 2262.85 },
    { url: '_lighthouse-eval.js', duration: 60, startTime: 2360.85 },
    { url: '_lighthouse-eval.js', duration: 57, startTime: 2451.85 },
  ])

  it('names the browser, the document, each script and Lighthouse’s own code, largest first, and adds up to the metric', () => {
    const sources = blockingBySource(home)!
    expect(sources.map(({ source, tasks }) => [source, tasks])).toEqual([
      ['the document', 2],
      ['the browser', 1],
      ["Lighthouse's own scripts", 2],
      ['/assets/index-exotX95B.js', 1],
    ])
    expect(sources[0]!.ms).toBeCloseTo(57, 6)
    const total = sources.reduce((sum, part) => sum + part.ms, 0)
    expect(Math.abs(total - 110)).toBeLessThan(2)
  })

  it('leaves out a page with no long task after its first paint, and a report without a timeline', () => {
    expect(blockingBySource(report(`${origin}/`, 900, 1400, [{ url: 'Unattributable', duration: 120, startTime: 750 }]))).toEqual([])
    const collected = blockingBySource(report(`${origin}/`, 900, 2000, [{ url: 'Browser GC', duration: 70, startTime: 1000 }]))
    expect(collected).toEqual([{ source: 'the browser', ms: 20, tasks: 1 }])
    expect(blockingBySource({ finalDisplayedUrl: `${origin}/`, audits: {} } as unknown as Result)).toBeNull()
  })

  it('prints each mobile page’s median run, and no desktop run', () => {
    const run = (tbtMs: number, preset: 'mobile' | 'desktop' = 'mobile') =>
      ({
        name: 'home',
        path: '/',
        preset,
        consent: true,
        tbtMs,
        blocking: [{ source: 'the browser', ms: tbtMs, tasks: 1 }],
      }) as RunSummary
    const runs = [run(211), run(0), run(110), run(0, 'desktop')]
    expect(medianBlockingRun(runs.slice(0, 3))?.tbtMs).toBe(110)
    expect(blockingRows(runs)).toEqual([['home /', 'median of 3', '110 ms', 'the browser 110 (1)']])
  })
})
