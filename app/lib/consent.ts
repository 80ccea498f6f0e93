/**
 * Requirements §3, §4 and §9: the cookie-consent state (consent, enabled optional cookies, the
 * optional and necessary cookie lists), kept in `cookie_control_consent` and
 * `cookie_control_enabled_cookies`. Pure, so the rules are unit-tested.
 */
import { siteConfig } from '../config/site'
import { readCookie, serializeCookie } from './cookies'

export const consentCategories = ['necessary', 'functional', 'analytics', 'marketing'] as const
export type ConsentCategory = (typeof consentCategories)[number]
const optionalCategories = consentCategories.filter((category) => !siteConfig.consent.categories[category].required)

export interface ConsentState {
  /** Requirements §4: unset, then accepted or rejected. null = the visitor has not chosen yet. */
  decided: boolean
  /** The optional categories the visitor allowed. */
  enabled: ReadonlySet<ConsentCategory>
}

export const undecided: ConsentState = { decided: false, enabled: new Set() }

export function readConsent(cookieHeader: string): ConsentState {
  const { consentCookie, enabledCookiesCookie } = siteConfig.consent
  if (readCookie(cookieHeader, consentCookie) !== 'true') return undecided
  const enabled = (readCookie(cookieHeader, enabledCookiesCookie) ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value): value is ConsentCategory => (optionalCategories as readonly string[]).includes(value))
  return { decided: true, enabled: new Set(enabled) }
}

/** The Set-Cookie strings that store a choice (both tools' cookies). */
export function consentCookies(enabled: Iterable<ConsentCategory>, secure: boolean): string[] {
  const { consentCookie, enabledCookiesCookie, demoCookie, maxAgeSeconds } = siteConfig.consent
  const list = [...new Set(enabled)].filter((category) => (optionalCategories as readonly string[]).includes(category))
  const options = { maxAgeSeconds, path: '/', secure }
  const categories = Object.fromEntries(
    consentCategories.map((category) => [category, category === 'necessary' || list.includes(category)]),
  )
  return [
    serializeCookie(consentCookie, 'true', options),
    serializeCookie(enabledCookiesCookie, list.join(','), options),
    serializeCookie(demoCookie, JSON.stringify(categories), options),
  ]
}

/** Requirements §4: "On layout creation the consent cookie is set to false" (until the visitor chooses). */
export function initialConsentCookie(secure: boolean): string {
  return serializeCookie(siteConfig.consent.consentCookie, 'false', { path: '/', secure })
}

/** The cookies to delete when categories are switched off (requirements §9: analytics clears _ga and _gid). */
export function cookiesToClear(previous: ReadonlySet<ConsentCategory>, next: ReadonlySet<ConsentCategory>, present: string[]): string[] {
  const names: string[] = []
  for (const category of optionalCategories) {
    if (next.has(category)) continue
    if (!previous.has(category) && category !== 'analytics' && category !== 'marketing') continue
    for (const prefix of siteConfig.consent.categories[category].clears) {
      for (const name of present) if (name === prefix || name.startsWith(`${prefix}_`)) names.push(name)
    }
  }
  return [...new Set(names)]
}
