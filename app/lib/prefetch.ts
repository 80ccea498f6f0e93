/**
 * SPEC §9's link prefetching rules, applied to the router's own preloading (app/router.tsx
 * preloads links as they come into view): a preload waits until the browser is idle, at
 * most `prefetchIdleTimeoutMs`, and none happens on a `2g`/`slow-2g` connection or when the
 * visitor asked to save data. The connection is read at each preload, so a visitor whose
 * connection changes is treated by what it is now. Code fetched ahead of need follows the
 * same rules (prefetchWhenIdle).
 */
import { siteConfig } from '../../app.config'
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

/** `preload` made to follow the rules: deferred to idle time, or skipped (resolving to `undefined`). */
export function politePreload<A extends unknown[], R>(
  preload: (...args: A) => Promise<R>,
  connection: () => ConnectionInfo | undefined,
): (...args: A) => Promise<R | undefined> {
  return (...args) => {
    if (!prefetchAllowed(connection())) return Promise.resolve(undefined)
    return new Promise((resolve, reject) => {
      whenIdle(() => void preload(...args).then(resolve, reject))
    })
  }
}
