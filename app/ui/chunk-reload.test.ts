// @vitest-environment happy-dom
/**
 * The browser's side of the chunk-reload rule (requirements §8, docs/decisions/062): a chunk the
 * visitor waits for that failed to load reloads the page, once a minute at most, and never
 * while the browser is offline. The guard's arithmetic is app/lib/chunk-reload.test.ts's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../config/site'
import { ignoreFailureAheadOfNeed, reloadAfterChunkError } from './chunk-reload'

const missing = new TypeError('Failed to fetch dynamically imported module: /assets/menu-popover-x.js')
const { reloadGuardStorageKey } = siteConfig.timing

let reload: ReturnType<typeof vi.fn<() => void>>
let online = true
beforeEach(() => {
  reload = vi.fn<() => void>()
  online = true
  vi.spyOn(window.location, 'reload').mockImplementation(reload)
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  sessionStorage.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('reloadAfterChunkError', () => {
  it('reloads for a chunk that failed to load, and not again within the minute', () => {
    expect(reloadAfterChunkError(missing)).toBe(true)
    expect(reload).toHaveBeenCalledOnce()
    expect(sessionStorage.getItem(reloadGuardStorageKey)).toMatch(/^\d+$/)
    expect(reloadAfterChunkError(missing)).toBe(false)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('leaves the page while the browser is offline, and claims no reload', () => {
    online = false
    expect(reloadAfterChunkError(missing)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    expect(sessionStorage.getItem(reloadGuardStorageKey)).toBeNull()
    // Back online, the next failure reloads.
    online = true
    expect(reloadAfterChunkError(missing)).toBe(true)
  })

  it('leaves any other error to its caller', () => {
    expect(reloadAfterChunkError(new Error('CONTENT_UNAVAILABLE'))).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('ignoreFailureAheadOfNeed', () => {
  it('says the code is not here, and reloads nothing', () => {
    expect(ignoreFailureAheadOfNeed()).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})
