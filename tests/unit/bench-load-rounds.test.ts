/**
 * The load bench measures the cached pages and their two ceilings in rounds, in an order
 * reversed each round, and judges a row by the median of its ratios to nginx within a round
 * (scripts/bench/load.ts): on a shared VM one measurement of a server moved by up to half
 * against the next one of the same server.
 */
import { describe, expect, it } from 'vitest'
import { median } from '../../scripts/bench/format'
import { inRoundOrder, type Measurement, NGINX_ROW, nginxRatiosByRound, together } from '../../scripts/bench/load'

const rate = (requestsPerSecond: number) => ({ requestsPerSecond })

describe('the load bench in rounds', () => {
  it('reverses the order every other round, so no row is always measured first', () => {
    const rows = ['nginx', 'prerendered', 'hit', 'node']
    expect(inRoundOrder(rows, 0)).toEqual(rows)
    expect(inRoundOrder(rows, 1)).toEqual(['node', 'hit', 'prerendered', 'nginx'])
    expect(inRoundOrder(rows, 2)).toEqual(rows)
    expect(rows).toEqual(['nginx', 'prerendered', 'hit', 'node'])
  })

  it('takes each ratio within its own round, so a slow round weighs on both sides alike', () => {
    const rounds = [
      new Map([
        [NGINX_ROW, rate(40_000)],
        ['prerendered page', rate(24_000)],
      ]),
      // The whole machine at half speed for this round: the ratio holds.
      new Map([
        [NGINX_ROW, rate(20_000)],
        ['prerendered page', rate(12_000)],
      ]),
      new Map([
        [NGINX_ROW, rate(50_000)],
        ['prerendered page', rate(25_000)],
      ]),
    ]
    const ratios = nginxRatiosByRound(rounds, 'prerendered page')!
    expect(ratios.map((ratio) => ratio.toFixed(2))).toEqual(['0.60', '0.60', '0.50'])
    expect(median(ratios)).toBeCloseTo(0.6)
    // The ratio of the rounds' mean rates would have said 0.55, and missed.
    expect(((24_000 + 12_000 + 25_000) / (40_000 + 20_000 + 50_000)).toFixed(2)).toBe('0.55')
    expect(nginxRatiosByRound(rounds, NGINX_ROW)).toEqual([1, 1, 1])
  })

  it('has no ratio by round without nginx in every round', () => {
    expect(nginxRatiosByRound([new Map([['prerendered page', rate(1)]])], 'prerendered page')).toBeUndefined()
    expect(nginxRatiosByRound([new Map([[NGINX_ROW, rate(1)]])], 'prerendered page')).toBeUndefined()
  })

  it('puts measurements together: rates and latencies averaged, counts added, CPU only when every one has it', () => {
    const measurement = (requestsPerSecond: number, cpuMs: number | null): Measurement => ({
      requestsPerSecond,
      p50Ms: requestsPerSecond / 10_000,
      p99Ms: requestsPerSecond / 1000,
      errors: 1,
      non2xx: 2,
      requests: requestsPerSecond * 10,
      cpuMs,
    })
    expect(together(measurement(10_000, 100), measurement(20_000, 200), measurement(30_000, 300))).toEqual({
      requestsPerSecond: 20_000,
      p50Ms: 2,
      p99Ms: 20,
      errors: 3,
      non2xx: 6,
      requests: 600_000,
      cpuMs: 600,
    })
    expect(together(measurement(10_000, 100), measurement(20_000, null)).cpuMs).toBeNull()
  })
})
