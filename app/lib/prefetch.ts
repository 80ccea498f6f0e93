/**
 * Requirements §9's link prefetching rules, applied to the router's own preloading (app/router.tsx
 * preloads links as they come into view): a preload waits until the browser is idle, at
 * most `prefetchIdleTimeoutMs`, and none happens on a `2g`/`slow-2g` connection or when the
 * visitor asked to save data. The connection is read at each preload, so a visitor whose
 * connection changes is treated by what it is now. Code fetched ahead of need follows the
 * same rules (prefetchWhenIdle).
 */
import { siteConfig } from '../config/site'
import { whenIdle } from './idle'

/** What the Network Information API says (Chromium; other browsers have no `navigator.connection`). */
export interface ConnectionInfo {
  effectiveType?: string
  saveData?: boolean
}

const skipped: readonly string[] = siteConfig.timing.prefetchSkipConnections

export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true
  return !connection.saveData && !skipped.includes(connection.effectiveType ?? '')
}

/** The connection as the browser reports it now (`undefined` where it does not say). */
export function currentConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as { connection?: ConnectionInfo }).connection
}

/**
 * Code fetched ahead of need (a widget's chunk) follows the same rules: at idle time, and
 * not at all on a slow connection or with Save-Data (it then loads when first used).
 * Returns a cancel.
 */
export function prefetchWhenIdle(task: () => void, connection: ConnectionInfo | undefined = currentConnection()): () => void {
  return prefetchAllowed(connection) ? whenIdle(task) : () => {}
}

/**
 * `preload` made to follow the rules: deferred to idle time, or skipped (resolving to
 * `undefined`). Preloads run one at a time, each in its own idle period: a page with
 * several links in view would otherwise fetch, parse and store several pages' data in
 * the same moment, one long task on a phone. Each keeps its own deadline, counted from
 * when it was asked for: past it, it runs as soon as the one before it has finished.
 */
export function politePreload<A extends unknown[], R>(
  preload: (...args: A) => Promise<R>,
  connection: () => ConnectionInfo | undefined,
  timeoutMs: number = siteConfig.timing.prefetchIdleTimeoutMs,
): (...args: A) => Promise<R | undefined> {
  let previous: Promise<unknown> = Promise.resolve()
  return (...args) => {
    if (!prefetchAllowed(connection())) return Promise.resolve(undefined)
    const deadline = Date.now() + timeoutMs
    const turn = previous.then(
      () =>
        new Promise<R>((resolve, reject) => {
          // requestIdleCallback reads a time-out of 0 as none at all.
          whenIdle(() => void preload(...args).then(resolve, reject), Math.max(1, deadline - Date.now()))
        }),
    )
    // One that hangs (a stalled request) holds the next up until twice the time-out at most.
    previous = Promise.race([turn.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2 * timeoutMs))])
    return turn
  }
}

/** What shows that a visitor is using the page, not only looking at it: a touch or click, a key, a scroll. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const

/**
 * Code that a visitor who uses the page is likely to need next (a phone's menu drawer): fetched
 * and run at idle time after their first touch, key or scroll, under prefetchWhenIdle's rules.
 * A visitor who only looks at the page costs the phone nothing; one who starts using it gets
 * the code while reading (docs/decisions/061). Returns a cancel.
 */
export function prefetchOnEngagement(task: () => void, target: EventTarget = window): () => void {
  let cancelPrefetch = () => {}
  const stopListening = () => {
    for (const type of ENGAGEMENT_EVENTS) target.removeEventListener(type, engaged, { capture: true })
  }
  function engaged() {
    stopListening()
    cancelPrefetch = prefetchWhenIdle(task)
  }
  for (const type of ENGAGEMENT_EVENTS) target.addEventListener(type, engaged, { capture: true, passive: true })
  return () => {
    stopListening()
    cancelPrefetch()
  }
}
