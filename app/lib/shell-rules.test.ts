import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../../app.config'
import { claimChunkReload, isChunkLoadError } from './chunk-reload'
import { readCookie, serializeCookie } from './cookies'
import { createLoadingBar, type LoadingBarState } from './loading-bar'
import { cookieLocaleRedirect } from './locale-redirect'

describe('cookies (SPEC §9)', () => {
  it('writes the lang cookie for 7 days at path /', () => {
    const { name, maxAgeSeconds, path } = siteConfig.i18n.langCookie
    expect(serializeCookie(name, 'de', { maxAgeSeconds, path })).toBe('lang=de; Path=/; Max-Age=604800; SameSite=Lax')
  })

  it('reads a cookie among others and survives junk', () => {
    expect(readCookie('a=1; lang=de; dev_mode=1', 'lang')).toBe('de')
    expect(readCookie('a=1', 'lang')).toBeNull()
    expect(readCookie('lang=%E0%A4%A', 'lang')).toBeNull()
    expect(readCookie('xlang=en; lang=de', 'lang')).toBe('de')
  })
})

describe('chunk reload guard (SPEC §8: at most once per 60 s)', () => {
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

describe('loading bar (SPEC §9: throttle 200, duration 5000, tick 100, hide 500)', () => {
  let states: LoadingBarState[]
  let bar: ReturnType<typeof createLoadingBar>

  beforeEach(() => {
    vi.useFakeTimers()
    states = []
    bar = createLoadingBar(siteConfig.loadingBar, (state) => states.push(state))
  })
  afterEach(() => {
    bar.dispose()
    vi.useRealTimers()
  })

  it('stays invisible for loads shorter than the 200 ms throttle', () => {
    bar.start()
    vi.advanceTimersByTime(199)
    bar.finish()
    expect(states.some((state) => state.visible)).toBe(false)
    expect(bar.state).toMatchObject({ visible: false, loading: false })
  })

  it('shows after 200 ms, creeps by 100 ms ticks below 90 %, and hides 500 ms after finishing', () => {
    bar.start()
    vi.advanceTimersByTime(200)
    expect(bar.state.visible).toBe(true)
    const shown = bar.state.percent
    vi.advanceTimersByTime(100)
    expect(bar.state.percent).toBeGreaterThan(shown)
    vi.advanceTimersByTime(5000)
    expect(bar.state.percent).toBeGreaterThan(50)
    expect(bar.state.percent).toBeLessThanOrEqual(90)
    bar.finish()
    expect(bar.state).toMatchObject({ visible: true, percent: 100, failed: false })
    vi.advanceTimersByTime(499)
    expect(bar.state.visible).toBe(true)
    vi.advanceTimersByTime(1)
    expect(bar.state).toMatchObject({ visible: false, percent: 0 })
  })

  it('shows the failure even for a fast load, then hides', () => {
    bar.start()
    vi.advanceTimersByTime(50)
    bar.fail()
    expect(bar.state).toMatchObject({ visible: true, failed: true, percent: 100 })
    vi.advanceTimersByTime(500)
    expect(bar.state.visible).toBe(false)
  })
})

describe('remembered language (decision 004)', () => {
  const base = { pathname: '/', search: '', cookieHeader: 'lang=de', isDocument: true }

  it('sends a document request without prefix to the cookie locale', () => {
    expect(cookieLocaleRedirect(base)).toBe('/de')
    expect(cookieLocaleRedirect({ ...base, pathname: '/about', search: '?x=1' })).toBe('/de/about?x=1')
  })

  it('leaves alone: non-documents, no cookie (crawlers), the default locale, prefixed paths, junk', () => {
    expect(cookieLocaleRedirect({ ...base, isDocument: false })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: '' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: 'lang=en' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, pathname: '/de/about' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: 'lang=xx' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: 'lang=fr' })).toBeNull()
  })
})
