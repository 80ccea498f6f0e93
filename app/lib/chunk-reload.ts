/**
 * Requirements §8: a chunk-loading failure reloads the page, at most once per `guardMs`
 * (tracked in session storage), so a deploy that removed old chunks heals itself and a
 * chunk that is really missing does not loop.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_ERROR.test(message)
}

export interface ReloadGuardStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** Returns true (and records the time) when a reload is allowed now. */
export function claimChunkReload(storage: ReloadGuardStorage, key: string, now: number, guardMs: number): boolean {
  const last = Number(storage.getItem(key))
  if (Number.isFinite(last) && last > 0 && now - last < guardMs) return false
  storage.setItem(key, String(now))
  return true
}
