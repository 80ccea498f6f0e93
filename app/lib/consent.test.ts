import { describe, expect, it } from 'vitest'
import { consentCookies, cookiesToClear, readConsent } from './consent'
import { configuredTags, consentModeSignals } from './tracking'
import { readCookie } from './cookies'

const jar = (cookies: string[]) => cookies.map((cookie) => cookie.split(';')[0]).join('; ')

describe('consent state (requirements §3, §4, §9)', () => {
  it('is undecided without the cookie or while it is false', () => {
    expect(readConsent('').decided).toBe(false)
    expect(readConsent('cookie_control_consent=false').decided).toBe(false)
  })

  it('stores a choice in cookie_control_consent, cookie_control_enabled_cookies and the demo cookie', () => {
    const cookies = consentCookies(['analytics'], true)
    expect(cookies[0]).toMatch(/^cookie_control_consent=true; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/)
    const state = readConsent(jar(cookies))
    expect(state.decided).toBe(true)
    expect([...state.enabled]).toEqual(['analytics'])
    expect(JSON.parse(readCookie(jar(cookies), 'demo_cookie_consent') ?? '{}')).toEqual({
      necessary: true,
      functional: false,
      analytics: true,
      marketing: false,
    })
  })

  it('ignores categories it does not know and never stores necessary as optional', () => {
    const state = readConsent('cookie_control_consent=true; cookie_control_enabled_cookies=analytics,evil,necessary')
    expect([...state.enabled]).toEqual(['analytics'])
  })

  it('clears _ga and _gid (and friends) when analytics is off', () => {
    const present = ['_ga', '_ga_ABC123', '_gid', 'lang', '_gcl_au', 'cookie_control_consent']
    expect(cookiesToClear(new Set(['analytics', 'marketing']), new Set(['marketing']), present)).toEqual(['_ga', '_ga_ABC123', '_gid'])
    expect(cookiesToClear(new Set(), new Set(), present)).toEqual(['_ga', '_ga_ABC123', '_gid', '_gcl_au'])
  })
})

describe('tags', () => {
  const none = {
    GTM_ID: null,
    GA_MEASUREMENT_ID: null,
    ADS_CONVERSION_ID: null,
    SESSION_RECORDING_ID: null,
    IMAGE_CLOUD_NAME: null,
    CHAT_PROVIDERS: null,
  }

  it('defines no tag without its ID', () => {
    expect(configuredTags(none)).toEqual([])
    expect(configuredTags({ ...none, GTM_ID: 'GTM-ABC123' }).map((tag) => tag.id)).toEqual(['tag-manager'])
  })

  it('puts the ad-conversion tag under marketing and the rest under analytics', () => {
    const tags = configuredTags({
      ...none,
      GTM_ID: 'GTM-A1B2',
      GA_MEASUREMENT_ID: 'G-XYZ123',
      ADS_CONVERSION_ID: 'AW-123456',
      SESSION_RECORDING_ID: 'abc123def',
    })
    expect(Object.fromEntries(tags.map((tag) => [tag.id, tag.category]))).toEqual({
      'tag-manager': 'analytics',
      'local-tag': 'analytics',
      'session-recording': 'analytics',
      'ad-conversion': 'marketing',
    })
  })

  it('maps categories to Consent Mode v2 signals', () => {
    expect(consentModeSignals(new Set())).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
    expect(consentModeSignals(new Set(['analytics']))).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' })
  })
})
