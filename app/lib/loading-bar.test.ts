import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../config/site'
import { createLoadingBar, type LoadingBarState } from './loading-bar'

describe('loading bar (requirements §9: throttle 200, duration 5000, tick 100, hide 500)', () => {
  let states: LoadingBarState[]
  let bar: ReturnType<typeof createLoadingBar>

  beforeEach(() => {
    vi.useFakeTimers()
    states = []
    bar = createLoadingBar(siteConfig.loadingBar, (state) => states.push(state))
  })
  afterEach(() => {
    bar.dispose()
    vi.useRealTimers()
  })

  it('stays invisible for loads shorter than the 200 ms throttle', () => {
    bar.start()
    vi.advanceTimersByTime(199)
    bar.finish()
    expect(states.some((state) => state.visible)).toBe(false)
    expect(bar.state).toMatchObject({ visible: false, loading: false })
  })

  it('shows after 200 ms, creeps by 100 ms ticks below 90 %, and hides 500 ms after finishing', () => {
    bar.start()
    vi.advanceTimersByTime(200)
    expect(bar.state.visible).toBe(true)
    const shown = bar.state.percent
    vi.advanceTimersByTime(100)
    expect(bar.state.percent).toBeGreaterThan(shown)
    vi.advanceTimersByTime(5000)
    expect(bar.state.percent).toBeGreaterThan(50)
    expect(bar.state.percent).toBeLessThanOrEqual(90)
    bar.finish()
    expect(bar.state).toMatchObject({ visible: true, percent: 100, failed: false })
    vi.advanceTimersByTime(499)
    expect(bar.state.visible).toBe(true)
    vi.advanceTimersByTime(1)
    expect(bar.state).toMatchObject({ visible: false, percent: 0 })
  })

  it('once shown, stays at least minVisibleMs in all, however soon the load ends', () => {
    const seen: LoadingBarState[] = []
    const held = createLoadingBar({ ...siteConfig.loadingBar, hideDelayMs: 100, minVisibleMs: 500 }, (state) => seen.push(state))
    held.start()
    vi.advanceTimersByTime(siteConfig.loadingBar.throttleMs + 50)
    held.finish()
    vi.advanceTimersByTime(449)
    expect(held.state.visible).toBe(true)
    vi.advanceTimersByTime(1)
    expect(held.state.visible).toBe(false)
    held.dispose()
  })

  it('shows the failure even for a fast load, then hides', () => {
    bar.start()
    vi.advanceTimersByTime(50)
    bar.fail()
    expect(bar.state).toMatchObject({ visible: true, failed: true, percent: 100 })
    vi.advanceTimersByTime(500)
    expect(bar.state.visible).toBe(false)
  })
})
