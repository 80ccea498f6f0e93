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
