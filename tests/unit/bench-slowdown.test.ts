/**
 * The benchmark's phone CPU slowdown (scripts/bench/lighthouse-run.ts): calibrated from the
 * host's benchmark index, or fixed by BENCH_CPU_SLOWDOWN to compare two builds on a host
 * whose index swings.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { calibratedSlowdown, PHONE_BENCHMARK_INDEX } from '../../scripts/bench/lighthouse-run'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the benchmark’s CPU slowdown', () => {
  it('takes a host of any benchmark index to the same phone; 4× when the index is unknown', () => {
    expect(calibratedSlowdown(PHONE_BENCHMARK_INDEX * 4)).toBe(4)
    expect(calibratedSlowdown(1271)).toBe(2.9)
    expect(calibratedSlowdown(null)).toBe(4)
  })

  it('is the one BENCH_CPU_SLOWDOWN sets, whatever the index; a value out of range is refused by name', () => {
    vi.stubEnv('BENCH_CPU_SLOWDOWN', '4')
    expect(calibratedSlowdown(1271)).toBe(4)
    expect(calibratedSlowdown(2040)).toBe(4)
    vi.stubEnv('BENCH_CPU_SLOWDOWN', 'fast')
    expect(() => calibratedSlowdown(1271)).toThrow(/BENCH_CPU_SLOWDOWN must be a number from 1 to 20, not "fast"/)
    vi.stubEnv('BENCH_CPU_SLOWDOWN', '40')
    expect(() => calibratedSlowdown(1271)).toThrow(/BENCH_CPU_SLOWDOWN/)
  })
})
