/**
 * The third-party tags (requirements §1 and §7: a tag manager, the local tag script, an
 * ad-conversion script and a session-recording script): where each loads from and
 * which consent category it needs. Their origins are listed here once and used for
 * loading and for the Content-Security-Policy, nowhere else.
 */
import type { PublicEnv } from '../config/site'
import type { ConsentCategory } from './consent'

export const trackingOrigins = {
  googleTagManager: 'https://www.googletagmanager.com',
  googleAnalytics: 'https://www.google-analytics.com',
  googleAnalyticsRegion: 'https://region1.google-analytics.com',
  googleAds: 'https://googleads.g.doubleclick.net',
  googleAdsConversion: 'https://www.googleadservices.com',
  sessionRecording: 'https://www.clarity.ms',
  sessionRecordingCollect: 'https://c.clarity.ms',
} as const

export interface TagDefinition {
  id: 'tag-manager' | 'local-tag' | 'ad-conversion' | 'session-recording'
  category: Exclude<ConsentCategory, 'necessary'>
  src: string
}

/** The tags configured by ID; a tag without an ID is not defined at all. */
export function configuredTags(env: PublicEnv): TagDefinition[] {
  const tags: TagDefinition[] = []
  if (env.GTM_ID) {
    tags.push({
      id: 'tag-manager',
      category: 'analytics',
      src: `${trackingOrigins.googleTagManager}/gtm.js?id=${encodeURIComponent(env.GTM_ID)}`,
    })
  }
  if (env.GA_MEASUREMENT_ID) {
    tags.push({
      id: 'local-tag',
      category: 'analytics',
      src: `${trackingOrigins.googleTagManager}/gtag/js?id=${encodeURIComponent(env.GA_MEASUREMENT_ID)}`,
    })
  }
  if (env.SESSION_RECORDING_ID) {
    tags.push({
      id: 'session-recording',
      category: 'analytics',
      src: `${trackingOrigins.sessionRecording}/tag/${encodeURIComponent(env.SESSION_RECORDING_ID)}`,
    })
  }
  if (env.ADS_CONVERSION_ID) {
    tags.push({
      id: 'ad-conversion',
      category: 'marketing',
      src: `${trackingOrigins.googleTagManager}/gtag/js?id=${encodeURIComponent(env.ADS_CONVERSION_ID)}`,
    })
  }
  return tags
}

/** Google Consent Mode v2 signals for a set of granted categories. */
export function consentModeSignals(granted: ReadonlySet<ConsentCategory>) {
  const analytics = granted.has('analytics') ? 'granted' : 'denied'
  const marketing = granted.has('marketing') ? 'granted' : 'denied'
  return {
    analytics_storage: analytics,
    ad_storage: marketing,
    ad_user_data: marketing,
    ad_personalization: marketing,
  }
}

/**
 * Runs in the head before any tag can load: Consent Mode v2 defaults, all denied.
 * Contains no IDs and no origins.
 */
export const consentDefaultsScript =
  "window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){dataLayer.push(arguments)};gtag('consent','default',{analytics_storage:'denied',ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',wait_for_update:500});"
