import { describe, expect, it } from 'vitest'
import { catalogLocales, routedLocales, siteConfig } from '../../app/config/site'
import { EnvError, parseEnv } from '../../app/config/env'

describe('the environment (app/config/env.ts)', () => {
  it('has working defaults: embedded backend, wp, port 3000', () => {
    const env = parseEnv({})
    expect(env.CONTENT_API_URL).toBeUndefined()
    expect(env.CONTENT_BACKEND).toBe('wp')
    expect(env.PORT).toBe(3000)
    expect(env.authApiUrl).toBeUndefined()
  })

  it('defaults AUTH_API_URL to the content URL', () => {
    expect(parseEnv({ CONTENT_API_URL: 'https://cms.example.com' }).authApiUrl).toBe('https://cms.example.com')
    expect(parseEnv({ CONTENT_API_URL: 'https://cms.example.com', AUTH_API_URL: 'https://auth.example.com' }).authApiUrl).toBe(
      'https://auth.example.com',
    )
  })

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ CONTENT_API_URL: '  ' }).CONTENT_API_URL).toBeUndefined()
  })

  it('names every bad variable', () => {
    let caught: unknown
    try {
      parseEnv({ CONTENT_API_URL: 'ftp://x', PORT: 'abc', CONTENT_BACKEND: 'drupal', PREVIEW_SECRET: 'short' })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(EnvError)
    const message = caught instanceof Error ? caught.message : ''
    for (const name of ['CONTENT_API_URL', 'PORT', 'CONTENT_BACKEND', 'PREVIEW_SECRET']) expect(message).toContain(name)
  })

  it('reads CHAT_PROVIDERS as a list of the providers the site knows (requirements §11.4)', () => {
    expect(parseEnv({}).CHAT_PROVIDERS).toBeUndefined()
    expect(parseEnv({ CHAT_PROVIDERS: '' }).CHAT_PROVIDERS).toBeUndefined()
    expect(parseEnv({ CHAT_PROVIDERS: 'crisp' }).CHAT_PROVIDERS).toBe('crisp')
    expect(() => parseEnv({ CHAT_PROVIDERS: 'crisp,intercom' })).toThrow(/CHAT_PROVIDERS: must be a comma-separated list of: crisp/)
  })

  it('rejects out-of-range ports', () => {
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => parseEnv({ CMS_PORT: '0' })).toThrow(/CMS_PORT/)
  })
})

describe('requirements §9 constants', () => {
  it('carries the values of requirements §9', () => {
    expect(siteConfig.i18n.defaultLocale).toBe('en')
    expect(routedLocales).toEqual(['en', 'de'])
    expect([...catalogLocales].sort()).toEqual(['de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'ja', 'no', 'pt', 'ru', 'uk'])
    expect(siteConfig.i18n.langCookie).toEqual({ name: 'lang', maxAgeSeconds: 604_800, path: '/' })
    expect(siteConfig.devMode.cookieName).toBe('dev_mode')
    expect(siteConfig.forms.maxUploadKb).toBe(5000)
    expect(siteConfig.forms.defaultPhoneCountry).toBe('GB')
    expect(siteConfig.timing).toMatchObject({ fetchMinDelayMs: 200, prefetchIdleTimeoutMs: 2000, reloadGuardMs: 60_000 })
    expect(siteConfig.content).toMatchObject({ homeSlug: 'home', defaultBackend: 'wp' })
    expect(siteConfig.breadcrumbs.minItems).toBe(2)
    expect(siteConfig.loadingBar).toEqual({ throttleMs: 200, durationMs: 5000, tickMs: 100, hideDelayMs: 500 })
    expect(siteConfig.header).toMatchObject({ hideOffset: -78, downTolerance: 0 })
    expect(siteConfig.lazyImages).toEqual({ rootMarginPx: 500, threshold: 0.01 })
    expect(siteConfig.scrollAnimations).toEqual({ threshold: 0, rootMargin: { mobile: '-5%', other: '-20%' } })
    expect(siteConfig.consent).toMatchObject({
      consentCookie: 'cookie_control_consent',
      enabledCookiesCookie: 'cookie_control_enabled_cookies',
    })
    expect(siteConfig.fontWeights).toEqual([400, 700, 900])
  })
})
