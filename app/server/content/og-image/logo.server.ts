/**
 * The organization's logo (the backend's options) as a data URL for the card. A logo
 * among the site's own public files (`/logo.svg`) is built into the server, so the card
 * needs no request to itself; one on another origin (a WordPress upload) is fetched once
 * in a while, bounded in time and size. Any failure gives null: the card shows the
 * organization's initial rather than no image at all.
 */
import { siteConfig } from '../../../config/site'

/** The site's own top-level public images, loaded only when a card asks for one. */
const publicImages = import.meta.glob<string>('../../../public/*.{svg,png,jpg,jpeg}', { query: '?inline', import: 'default' })

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml'])

/** Fetched logos by URL, kept as long as a page stays fresh (a changed logo shows within that). */
const fetched = new Map<string, { dataUrl: string | null; at: number }>()

async function fetchLogo(url: string): Promise<string | null> {
  const response = await fetch(url, { signal: AbortSignal.timeout(siteConfig.ogImage.logoTimeoutMs), redirect: 'follow' })
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!response.ok || !IMAGE_TYPES.has(type) || Number(response.headers.get('content-length') ?? 0) > siteConfig.ogImage.logoMaxBytes) {
    await response.body?.cancel()
    return null
  }
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.byteLength > siteConfig.ogImage.logoMaxBytes) return null
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`
}

export async function logoDataUrl(logoUrl: string | null, siteUrl: string): Promise<string | null> {
  if (!logoUrl) return null
  if (logoUrl.startsWith('/') && !logoUrl.startsWith('//')) {
    const own = publicImages[`../../../public${logoUrl.split(/[?#]/)[0]}`]
    if (own) return own()
  }
  let url: URL
  try {
    url = new URL(logoUrl, siteUrl)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const kept = fetched.get(url.href)
  if (kept && Date.now() - kept.at < siteConfig.cache.freshMs) return kept.dataUrl
  const dataUrl = await fetchLogo(url.href).catch(() => null)
  fetched.set(url.href, { dataUrl, at: Date.now() })
  return dataUrl
}
