/**
 * Work on the browser's main thread split over tasks, so that no one of them runs long enough
 * to count as blocking time on a throttled phone (docs/decisions/056-router-set-up-in-two-tasks.md).
 */

/** Resolves in a later task: between the two, the browser may paint and answer input. */
function nextTask(): Promise<void> {
  // `scheduler.yield()` puts the rest ahead of other queued tasks of the same priority
  // (Chromium); elsewhere a zero timer, which is not clamped outside nested timers.
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * `build()` in a task of its own, and its value handed over in the task after, so that what
 * the caller does with it (in a continuation of the returned promise) is a third task.
 */
export function builtInItsOwnTask<T>(build: () => T): Promise<T> {
  return nextTask().then(() => {
    const value = build()
    return nextTask().then(() => value)
  })
}

/** How long afterNextPaint waits for a frame that does not come (a page in a background tab paints none). */
const PAINT_WAIT_MS = 100

/**
 * Resolves in a task after the browser's next frame has been painted (a zero timer set from
 * an animation frame runs once that frame is on the screen). An input's latency, as INP
 * counts it, ends at the paint after its handlers: work that the handler starts but that
 * can wait that long goes here, so that it delays neither the paint nor the next event of
 * the same tap (docs/decisions/064-code-fetched-after-the-paint.md). Without frames (the
 * server, or a hidden page) it resolves at once or after PAINT_WAIT_MS.
 */
export function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, PAINT_WAIT_MS)
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback)
        resolve()
      }, 0),
    )
  })
}
