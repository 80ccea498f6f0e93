/**
 * Embedded video from the providers of `siteConfig.embeds` (docs/decisions/028): a URL an
 * editor pasted (a watch page, a share link, WordPress's embed iframe) becomes the
 * provider's player URL on its privacy-friendly origin, rebuilt from the video's id alone,
 * so nothing of the pasted URL but the id reaches the page. Anything else is not an embed.
 * Pure: the sanitizer (app/contract/sanitize.ts) and the click-to-load script use the same rule.
 */
import { siteConfig } from '../config/site'

export type EmbedProvider = keyof typeof siteConfig.embeds.providers

export interface Embed {
  provider: EmbedProvider
  /** The player, on the provider's privacy-friendly origin. */
  playerUrl: string
  /** The provider's own page of the video, for a visitor without JavaScript. */
  pageUrl: string
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const VIMEO_ID = /^[0-9]{1,12}$/
const VIMEO_HASH = /^[0-9a-f]{1,32}$/

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '')
  const path = url.pathname.split('/').filter(Boolean)
  let id: string | undefined
  if (host === 'youtu.be') id = path[0]
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (path[0] === 'watch') id = url.searchParams.get('v') ?? undefined
    else if (path[0] === 'embed' || path[0] === 'shorts' || path[0] === 'live') id = path[1]
  }
  return id && YOUTUBE_ID.test(id) ? id : null
}

function vimeo(url: URL): { id: string; hash: string | null } | null {
  const host = url.hostname.replace(/^www\./, '')
  const path = url.pathname.split('/').filter(Boolean)
  let id: string | undefined
  let hash: string | null = url.searchParams.get('h')
  if (host === 'player.vimeo.com' && path[0] === 'video') id = path[1]
  else if (host === 'vimeo.com') {
    id = path[0]
    hash ??= path[1] ?? null
  }
  if (!id || !VIMEO_ID.test(id)) return null
  return { id, hash: hash && VIMEO_HASH.test(hash) ? hash : null }
}

/** The embed a pasted URL stands for, or null when it is not a video of a configured provider. */
export function embedFor(raw: string): Embed | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || url.port) return null
  const { providers } = siteConfig.embeds
  const youtube = youtubeId(url)
  if (youtube) {
    return {
      provider: 'youtube',
      playerUrl: `${providers.youtube.frameOrigin}/embed/${youtube}?autoplay=1&rel=0`,
      pageUrl: `https://www.youtube.com/watch?v=${youtube}`,
    }
  }
  const video = vimeo(url)
  if (video) {
    const hash = video.hash ? `&h=${video.hash}` : ''
    return {
      provider: 'vimeo',
      playerUrl: `${providers.vimeo.frameOrigin}/video/${video.id}?dnt=1&autoplay=1${hash}`,
      pageUrl: `https://vimeo.com/${video.id}`,
    }
  }
  return null
}

/** Whether a player URL is one `embedFor` builds (the browser checks it again before it loads one). */
export function isPlayerUrl(value: string): boolean {
  const embed = embedFor(value)
  return embed !== null && embed.playerUrl === value
}
