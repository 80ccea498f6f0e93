/**
 * A page's generated social image (requirements §11.4, decision 018): from the image's path
 * (app/site-rules/og-image.ts) to the page the backend has, to the card, to the PNG. The server
 * entry caches the answer like a page (its tags purge it with its page) and the build
 * prerenders it with its page.
 *
 * A page the backend does not have is a 404 (never a card of "undefined"); a backend that
 * is down is a 503, as for pages (requirements §10.3).
 */
import { type Locale, siteConfig } from '../../../config/site'
import type { PageData } from '../../../contract/model'
import { typeSingular } from '../../../contract/content-types'
import { cacheTagsFor } from '../../../contract/cache-tags'
import { ogImageTitle, ogImageTargetOf, type OgImageTarget } from '../../../site-rules/og-image'
import { m } from '../../../paraglide/messages'
import { cachePolicy, unavailableHeaders } from '../../http/cache-control.server'
import { getContentSource } from '../get-content-source.server'
import { ContentNotFoundError, ContentUnavailableError } from '../content-source.server'
import type { OgCard } from './card.server'
import { logoDataUrl } from './logo.server'
import { cardKeyOf, OG_CARD_HEADER } from './card-key.server'

/** What the server entry answers (and caches) for an image path. */
export interface OgImageAnswer {
  status: number
  headers: Record<string, string>
  body: Uint8Array
  /** The page's cache tags: a revalidation of the page purges its image. */
  tags: string[]
  /** How long the drawing took (ms), for the Server-Timing header; null when nothing was drawn. */
  drawMs: number | null
}

/** An image drawn before (the cached or prerendered copy being replaced) and the card it was drawn from. */
export interface DrawnImage {
  card: string
  png: Uint8Array
}

const text = (status: number, message: string, headers: Record<string, string>): OgImageAnswer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
  body: new TextEncoder().encode(`${message}\n`),
  tags: [],
  drawMs: null,
})

/** The category a listing shows (the backend may call a category listing `blog` or `category`). */
function categoryOf(data: PageData): { name: string } | null {
  const { page } = data
  return page.kind === 'blog' || page.kind === 'category' ? page.category : null
}

/** The title of the page a page sits under (`services` for `services/cyber-security`), or null. */
async function parentTitle(locale: Locale, pageName: string): Promise<string | null> {
  const slash = pageName.lastIndexOf('/')
  if (slash <= 0) return null
  try {
    return (await getContentSource().getPage({ locale, pageName: pageName.slice(0, slash) })).page.title
  } catch {
    return null
  }
}

/**
 * The label above the title: what kind of page it is. An article, a category or the blog
 * say so; a page under another (Services › Cyber security) shows its parent's name; a
 * top-level page its own name in the menus (Pricing), when the headline does not already say it.
 */
async function labelOf(data: PageData, locale: Locale, title: string, pageName: string): Promise<string | null> {
  const { page } = data
  if (page.kind === 'post') return m.og_label_article({}, { locale })
  // An item says which type it is (Case study); a type's listing is its own headline (decision 029).
  if (page.kind === 'item') return typeSingular(locale, page.itemType)
  if (page.kind === 'archive') return null
  if (categoryOf(data)) return m.og_label_category({}, { locale })
  if (page.kind === 'blog' || page.kind === 'category') return m.og_label_blog({}, { locale })
  if (pageName === siteConfig.content.homeSlug) return null
  const label = (await parentTitle(locale, pageName)) ?? page.title
  const same = (a: string) => a.trim().toLocaleLowerCase(locale)
  return same(title).includes(same(label)) ? null : label
}

async function cardOf(data: PageData, locale: Locale, pageName: string): Promise<OgCard> {
  const { page, options } = data
  const title = ogImageTitle(
    page,
    categoryOf(data),
    page.kind === 'post' || page.kind === 'item' ? page.post : null,
    options.organizationName,
  )
  let siteHost: string
  try {
    siteHost = new URL(options.siteUrl).host
  } catch {
    siteHost = options.siteUrl
  }
  return {
    title,
    label: await labelOf(data, locale, title, pageName),
    siteName: options.organizationName,
    siteHost,
    logo: await logoDataUrl(options.logoUrl, options.siteUrl),
    lang: locale,
  }
}

/** The page an image shows, or the answer when there is none. */
async function pageOf(locale: Locale, target: OgImageTarget): Promise<PageData | OgImageAnswer> {
  try {
    const data = await getContentSource().getPage({ locale, pageName: target.pageName, category: target.category })
    // A listing asked for a category must be that category's (an unknown one is not the blog home).
    if (target.category !== undefined && !categoryOf(data)) {
      return text(404, 'No such page.', { 'cache-control': cachePolicy.notFound })
    }
    return data
  } catch (error) {
    if (error instanceof ContentNotFoundError) return text(404, 'No such page.', { 'cache-control': cachePolicy.notFound })
    if (error instanceof ContentUnavailableError) return text(503, 'The content backend is unavailable.', { ...unavailableHeaders })
    throw error
  }
}

/** The card of the image at a path and its key, or the answer when there is none (null: not an image path). */
async function cardAt(publicPathname: string) {
  const image = ogImageTargetOf(publicPathname)
  if (!image) return null
  const data = await pageOf(image.locale, image.target)
  if ('status' in data) return data
  const card = await cardOf(data, image.locale, image.target.pageName)
  return { image, data, card, key: cardKeyOf(card) }
}

/**
 * The answer for an image path (`/de/og/about.png`), or null when the path is not an image's.
 * `drawn`: the copy this answer replaces; when its card is the one the page gives now, its
 * bytes are the answer and nothing is drawn.
 */
export async function answerOgImage(publicPathname: string, drawn?: DrawnImage | null): Promise<OgImageAnswer | null> {
  const found = await cardAt(publicPathname)
  if (!found || !('key' in found)) return found
  const { image, data, card, key } = found
  let png: Uint8Array
  let drawMs: number | null = null
  if (drawn && drawn.card === key) png = drawn.png
  else {
    const { renderCardPng } = await import('./render.server')
    const started = performance.now()
    png = await renderCardPng(card)
    drawMs = performance.now() - started
    console.info(`[og-image] drew ${publicPathname} in ${Math.round(drawMs)} ms`)
  }
  // What the image shows: its page (in every locale) and, for an article, the post; not the lists it appears in.
  const tags = cacheTagsFor(data, image.target.pageName).filter(
    (tag) => tag.startsWith('page:') || tag.startsWith('post:') || tag.startsWith('item:'),
  )
  // The label may be the parent page's title: a change to the parent redraws the image.
  const parent = image.target.pageName.slice(0, Math.max(0, image.target.pageName.lastIndexOf('/')))
  if (parent && data.page.kind === 'page') tags.push(`page:${parent}`)
  return {
    status: 200,
    headers: { 'content-type': 'image/png', 'cache-control': cachePolicy.page, [OG_CARD_HEADER]: key },
    body: png,
    tags,
    drawMs,
  }
}
