import { describe, expect, it } from 'vitest'
import { siteConfig } from '../config/site'
import { claimChunkReload, isChunkLoadError } from './chunk-reload'

describe('chunk reload guard (requirements §8: at most once per 60 s)', () => {
  const storage = () => {
    const data = new Map<string, string>()
    return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) }
  }

  it('allows one reload, refuses another within 60 s, allows again after', () => {
    const store = storage()
    const { reloadGuardMs, reloadGuardStorageKey } = siteConfig.timing
    expect(claimChunkReload(store, reloadGuardStorageKey, 1_000_000, reloadGuardMs)).toBe(true)
    expect(claimChunkReload(store, reloadGuardStorageKey, 1_000_000 + 59_999, reloadGuardMs)).toBe(false)
    expect(claimChunkReload(store, reloadGuardStorageKey, 1_000_000 + 60_000, reloadGuardMs)).toBe(true)
  })

  it('recognizes chunk-loading failures from the browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('CONTENT_UNAVAILABLE'))).toBe(false)
  })
})
