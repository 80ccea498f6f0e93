/**
 * The browser half of the chunk-reload rule (app/lib/chunk-reload.ts, requirements §8),
 * here among the primitives because the lazy loaders below sections use it
 * (app/ui/lazy.ts, app/ui/island.tsx) as well as the shell and the error screen.
 */
import { siteConfig } from '../config/site'
import { claimChunkReload, isChunkLoadError } from '../lib/chunk-reload'

/**
 * Reloads once (per 60 s) when a code chunk fails to load, e.g. after a deploy. Not while
 * the browser is offline: the chunk failed for want of a network, and a reload would only
 * swap the page for the browser's own offline screen; the next use loads it again.
 */
export function reloadAfterChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error) || !navigator.onLine) return false
  const { reloadGuardMs, reloadGuardStorageKey } = siteConfig.timing
  let allowed = false
  try {
    allowed = claimChunkReload(window.sessionStorage, reloadGuardStorageKey, Date.now(), reloadGuardMs)
  } catch {
    return false
  }
  if (allowed) window.location.reload()
  return allowed
}
