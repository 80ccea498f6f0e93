/**
 * Security headers for every response, as one constant (CONTRIBUTING.md, How the code reads), and the
 * Content-Security-Policy: the only place besides the tag loader where third-party
 * origins appear (they come from app/lib/tracking.ts).
 */
import { createHash } from 'node:crypto'
import { siteConfig } from '../../config/site'
import { chatProviderOrigins, configuredChatProviders, type ChatProviderOrigins } from '../../site-rules/chat-providers'
import { trackingOrigins } from '../../lib/tracking'
import { env } from '../env.server'

export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** `Strict-Transport-Security` over HTTPS (edge-headers.server.ts; always on Netlify and Vercel, scripts/deploy/platform-output.ts). */
export const strictTransportSecurity = `max-age=${siteConfig.edge.hstsMaxAgeSeconds}; includeSubDomains`

const tags = trackingOrigins

/**
 * The content backend's origin: its media library's images, video and audio load from
 * there (`https:` covers a production backend for images; video and audio need it named,
 * and a backend on a developer's machine is plain http).
 */
function backendOrigin(contentApiUrl: string | undefined): string[] {
  try {
    return contentApiUrl ? [new URL(contentApiUrl).origin] : []
  } catch {
    return []
  }
}

const embedOrigins = Object.values(siteConfig.embeds.providers).map((provider) => provider.frameOrigin)

/**
 * What may run as a script on a page: this origin, the tag origins, and the page's own
 * inline scripts named exactly — by the request's nonce when the page was rendered for
 * this request, by their hashes when it is a stored copy (prerendered or cached: a stored
 * page cannot carry a fresh nonce). Never 'unsafe-inline' (decision 010).
 */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] }

export function contentSecurityPolicy(
  inline: InlineScripts,
  chatProviders: string | null | undefined = env.CHAT_PROVIDERS,
  contentApiUrl: string | undefined = env.CONTENT_API_URL,
): string {
  const allowed = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.map((hash) => `'${hash}'`)
  // A chat provider's origins only when CHAT_PROVIDERS names it (requirements §11.4).
  const chat = configuredChatProviders(chatProviders).map((name) => chatProviderOrigins[name])
  const of = (kind: keyof ChatProviderOrigins) => chat.flatMap((origins) => origins[kind])
  const worker = of('worker')
  const backend = backendOrigin(contentApiUrl)
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed, tags.googleTagManager, tags.sessionRecording, ...of('script')].join(' '),
    [
      `connect-src 'self' ${tags.googleTagManager} ${tags.googleAnalytics} ${tags.googleAnalyticsRegion} ${tags.googleAds} ${tags.googleAdsConversion} ${tags.sessionRecording} ${tags.sessionRecordingCollect}`,
      ...of('connect'),
    ].join(' '),
    ["img-src 'self' data: https:", ...backend].join(' '),
    // React Aria and the page CSS set styles inline; styles cannot run code.
    ["style-src 'self' 'unsafe-inline'", ...of('style')].join(' '),
    ["font-src 'self'", ...of('font')].join(' '),
    // Embedded video, only from the configured providers' privacy-friendly origins (decision 028).
    [`frame-src ${tags.googleTagManager}`, ...embedOrigins, ...of('frame')].join(' '),
    ...(worker.length > 0 ? [["worker-src 'self'", ...worker].join(' ')] : []),
    // Video and audio blocks: the site's own files, the backend's media library, a chat's sounds.
    ["media-src 'self' https:", ...backend, ...of('media')].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** A fresh nonce for one rendered response: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')
}

/** Script types the browser runs; JSON-LD and other data blocks are not scripts to it. */
const EXECUTABLE_TYPE = /^(|text\/javascript|application\/javascript|module)$/i

/**
 * The CSP hashes (`sha256-…`) of every inline script a page's HTML runs. The HTML is the
 * site's own render (React and the router escape `</script` inside scripts), so a
 * script's text is what lies between its tags; the hash is of those exact bytes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim() ?? ''
    if (!EXECUTABLE_TYPE.test(type)) continue
    hashes.add(
      `sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}`,
    )
  }
  return [...hashes]
}
