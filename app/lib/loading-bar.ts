/**
 * The navigation loading bar's state machine (requirements §4 and §9): start, progress, finish
 * or fail. It only shows when loading lasts longer than `throttleMs`, creeps towards
 * 90 % over `durationMs` in `tickMs` steps, and hides `hideDelayMs` after finishing.
 * Pure apart from timers, so fake timers test it exactly.
 */
export interface LoadingBarTimings {
  /** Requirements §9.4: nothing shows for an answer faster than this (the fetch minimum delay). */
  throttleMs: number
  durationMs: number
  tickMs: number
  hideDelayMs: number
  /** Once shown, the bar stays at least this long in all, so it never flashes. */
  minVisibleMs?: number
}

export interface LoadingBarState {
  visible: boolean
  /** 0 to 100. */
  percent: number
  failed: boolean
  loading: boolean
}

export const idleLoadingBar: LoadingBarState = { visible: false, percent: 0, failed: false, loading: false }

export function createLoadingBar(timings: LoadingBarTimings, onChange: (state: LoadingBarState) => void) {
  let state = idleLoadingBar
  let throttle: ReturnType<typeof setTimeout> | undefined
  let ticker: ReturnType<typeof setInterval> | undefined
  let hide: ReturnType<typeof setTimeout> | undefined

  const set = (next: Partial<LoadingBarState>) => {
    state = { ...state, ...next }
    onChange(state)
  }
  const clearTimers = () => {
    clearTimeout(throttle)
    clearInterval(ticker)
    clearTimeout(hide)
    throttle = ticker = hide = undefined
  }
  // Each tick covers tickMs/durationMs of the way, slowing as it nears 90 %.
  const step = (timings.tickMs / timings.durationMs) * 100

  let shownAt = 0

  function start() {
    clearTimers()
    set({ loading: true, failed: false, percent: 0, visible: false })
    throttle = setTimeout(() => {
      shownAt = Date.now()
      set({ visible: true, percent: Math.max(state.percent, step) })
      ticker = setInterval(() => {
        const remaining = 90 - state.percent
        if (remaining <= 0) return
        set({ percent: Math.min(90, state.percent + Math.max(step * (remaining / 90), 0.2)) })
      }, timings.tickMs)
    }, timings.throttleMs)
  }

  function end(failed: boolean) {
    if (!state.loading) return
    const wasVisible = state.visible
    clearTimers()
    if (!wasVisible && !failed) {
      set({ ...idleLoadingBar })
      return
    }
    set({ loading: false, visible: true, percent: 100, failed })
    const shownFor = wasVisible ? Date.now() - shownAt : 0
    hide = setTimeout(() => set({ ...idleLoadingBar }), Math.max(timings.hideDelayMs, (timings.minVisibleMs ?? 0) - shownFor))
  }

  return {
    start,
    finish: () => end(false),
    fail: () => end(true),
    dispose: clearTimers,
    get state() {
      return state
    },
  }
}
