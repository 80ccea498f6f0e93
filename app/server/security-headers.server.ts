/**
 * Security headers for every response, as one constant (STYLE.md), and the
 * Content-Security-Policy: the only place besides the tag loader where third-party
 * origins appear (they come from app/lib/tracking.ts).
 */
import { trackingOrigins } from '../lib/tracking'

export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

const tags = trackingOrigins

/**
 * The framework streams inline scripts (hydration data) that differ per page, so scripts
 * need 'unsafe-inline'; everything else is locked to this origin and the tag origins.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' ${tags.googleTagManager} ${tags.sessionRecording}`,
  `connect-src 'self' ${tags.googleTagManager} ${tags.googleAnalytics} ${tags.googleAnalyticsRegion} ${tags.googleAds} ${tags.googleAdsConversion} ${tags.sessionRecording} ${tags.sessionRecordingCollect}`,
  `img-src 'self' data: https:`,
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  `frame-src ${tags.googleTagManager}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')
