/**
 * A fixed-window counter in memory, per key (login and reset requests per address and
 * email). Enough for one process; several processes behind a balancer each count alone.
 */
import { cmsConfig } from '../app.config'

export interface RateLimiter {
  /** Counts one attempt; false when the key already used its `limit` in this window. */
  allow(key: string, limit: number, windowMs: number): boolean
}

const MAX_KEYS = cmsConfig.accounts.rateLimitKeys

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    allow(key, limit, windowMs) {
      const time = now()
      if (windows.size >= MAX_KEYS) {
        for (const [stale, window] of windows) if (window.resetAt <= time) windows.delete(stale)
        // Still full: forget the oldest windows rather than grow without bound.
        for (const oldest of windows.keys()) {
          if (windows.size < MAX_KEYS) break
          windows.delete(oldest)
        }
      }
      const window = windows.get(key)
      if (!window || window.resetAt <= time) {
        windows.set(key, { count: 1, resetAt: time + windowMs })
        return true
      }
      window.count += 1
      return window.count <= limit
    },
  }
}
