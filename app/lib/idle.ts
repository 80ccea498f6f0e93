/**
 * Runs `task` when the browser is idle, at the latest after `timeoutMs` (requirements §9: the idle
 * time-out for prefetching is 2000 ms); returns a cancel.
 */
import { siteConfig } from '../config/site'

export function whenIdle(task: () => void, timeoutMs: number = siteConfig.timing.prefetchIdleTimeoutMs): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, timeoutMs)
  return () => clearTimeout(handle)
}
