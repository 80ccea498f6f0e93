/**
 * The browser half of the chunk-reload rule (app/lib/chunk-reload.ts, requirements §8),
 * here among the primitives because the loaders below sections use it (app/ui/lazy.tsx,
 * app/ui/island.tsx) as well as the error screen and the requests a press makes. Only code
 * the visitor waits for reloads; a fetch ahead of need forgets its failure (docs/decisions/062).
 */
import { siteConfig } from '../config/site'
import { claimChunkReload, isChunkLoadError } from '../lib/chunk-reload'

/**
 * Reloads once (per 60 s) when a code chunk fails to load, e.g. after a deploy. Not while
 * the browser is offline: the chunk failed for want of a network, and a reload would only
 * swap the page for the browser's own offline screen.
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

/**
 * What a fetch ahead of need (a hover, idle time, a first scroll or Tab) does with its failure:
 * nothing. The visitor is not waiting for that code; the use that needs it loads it again, and
 * reloads if that fails too. Returns false: the code is not here.
 */
export function ignoreFailureAheadOfNeed(): false {
  return false
}
