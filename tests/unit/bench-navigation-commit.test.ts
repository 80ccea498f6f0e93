/**
 * What the Lighthouse bench reports of a run's navigation commit (scripts/bench/lighthouse-audits.ts,
 * navigationCommit): the renderer's own commit of the page, wall time and CPU time, so that a
 * reader sees when simulated blocking time is a busy host's wait (docs/decisions/040).
 */
import { describe, expect, it } from 'vitest'
import { navigationCommit, type TraceEvent } from '../../scripts/bench/lighthouse-audits'
import { commitText } from '../../scripts/bench/lighthouse-report'

const renderer = { pid: 7, tid: 1 }
const commit = (ts: number, dur: number, tdur: number | undefined, where = renderer): TraceEvent => ({
  name: 'DocumentLoader::CommitNavigation',
  ph: 'X',
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
  ...where,
})
const start = (ts: number, navigationId: string): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  ts,
  args: { data: { navigationId } },
  ...renderer,
})
const paint: TraceEvent = { name: 'firstContentfulPaint', ph: 'R', ts: 200_000, args: { data: { navigationId: 'page' } }, ...renderer }

describe("the navigation commit's task the Lighthouse bench reports", () => {
  it("is the task around the page's commit on the painting thread, between its navigation's start and its paint", () => {
    const events = [
      start(5_000, 'blank'),
      commit(10_000, 2_000, 1_000), // about:blank, before the page
      start(20_000, 'page'),
      commit(40_000, 9_000, 9_000, { pid: 9, tid: 1 }), // another renderer
      { name: 'RunTask', ph: 'X', ts: 49_000, dur: 34_000, tdur: 7_800, ...renderer },
      commit(50_000, 32_300, 7_300),
      start(30_000, ''),
      commit(30_080, 2_100, 900), // an empty document the renderer commits while the page's response is on its way
      start(120_000, ''),
      commit(120_100, 400, 390), // another one, after the page's
      paint,
    ]
    expect(navigationCommit(events)).toEqual({ wallMs: 34, cpuMs: 7.8 })
    // Threads flush their events apart: a later commit listed first is still the later one.
    expect(navigationCommit([...events.slice(6), ...events.slice(0, 6)])).toEqual({ wallMs: 34, cpuMs: 7.8 })
    // A trace without the task events: the commit's own times.
    expect(navigationCommit(events.filter((event) => event.name !== 'RunTask'))).toEqual({ wallMs: 32.3, cpuMs: 7.3 })
    expect(commitText({ commitWallMs: 32.3, commitCpuMs: 7.3 })).toBe('32/7 ms')
  })

  it('says nothing without the paint, its navigation or a commit, and no CPU time when the trace has none', () => {
    expect(navigationCommit([start(20_000, 'page'), commit(50_000, 30_000, 7_000)])).toBeNull()
    expect(navigationCommit([commit(50_000, 30_000, 7_000), paint])).toBeNull()
    expect(navigationCommit([start(20_000, 'page'), paint])).toBeNull()
    expect(navigationCommit([start(20_000, 'page'), commit(50_000, 30_000, undefined), paint])).toEqual({ wallMs: 30, cpuMs: null })
    expect(commitText({ commitWallMs: null, commitCpuMs: null })).toBe('–')
    expect(commitText({ commitWallMs: 30, commitCpuMs: null })).toBe('30/– ms')
  })
})
