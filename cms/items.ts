/**
 * Items of content types beyond pages and posts (docs/content-api.md, Content types;
 * decision 029): a type's listing (`GET /api/v1/items/{type}`), one item
 * (`GET /api/v1/items/{type}/{slug}`), both in the page answer's frame, and the listing's
 * later pages through `GET /api/v1/posts?type=`. Items are named by type and slug: the
 * site builds their paths from its own configuration.
 */
import type { z } from 'zod'
import type { wireBaseResponse, wirePostsResponse } from '../app/contract/wire'
import type { wireChat, wireLanguage, wirePageResult } from '../app/contract/wire-page'
import type { wirePostSummary } from '../app/contract/wire-posts'
import { verifyPreview } from '../app/contract/preview-token.server'
import { siteConfig } from '../app/config/site'
import { cmsConfig } from './config'
import type { ItemRecord, LocaleContent } from './content-store'
import { contentFor, positiveInt, type CmsContext } from './context'
import { errorBody, json } from './http'
import { localePrefix, pagePath } from './paths'
import { searchResultsFor } from './search-results'
import { escapeHtml } from './search'

type PageResult = z.input<typeof wirePageResult>
type PostSummary = z.input<typeof wirePostSummary>

const { homeSlug } = siteConfig.content

/** A type this CMS serves (cmsConfig.types): its folder and its listing's name per locale. */
function typeConfig(type: string) {
  return Object.entries(cmsConfig.types).find(([name]) => name === type)?.[1]
}

/** The published items of a type, newest first; null for a type this CMS does not serve. */
function publishedItems(content: LocaleContent, type: string): ItemRecord[] | null {
  const items = content.items.get(type)
  return items ? items.filter((item) => item.status === 'publish') : null
}

function summarize(item: ItemRecord): PostSummary {
  return {
    id: item.id,
    slug: item.slug,
    title: item.title,
    excerpt: `<p>${escapeHtml(item.excerpt)}</p>`,
    date: item.date,
    modified: item.modified,
    author: { name: item.author },
    featured_image: item.featured_image,
    reading_minutes: item.readingMinutes,
  }
}

/** The translations of an item (by its key), or of a type's listing: each with the item's slug in that locale. */
async function languagesOf(ctx: CmsContext, type: string, key: string | null, currentLocale: string) {
  const list: z.input<typeof wireLanguage>[] = []
  for (const locale of ctx.store.locales()) {
    const other = await ctx.store.get(locale)
    const items = other ? publishedItems(other, type) : null
    if (!items) continue
    const name = ctx.languageNames[locale] ?? locale
    // The backend's own permalink; the site builds the link from `slug` and its base paths.
    const folder = `${localePrefix(locale, ctx.defaultLocale)}/${typeConfig(type)?.folder ?? type}`
    if (key === null) {
      list.push({ code: locale, name, url: folder, active: locale === currentLocale })
      continue
    }
    const item = items.find((candidate) => candidate.key === key)
    if (item) list.push({ code: locale, name, url: `${folder}/${item.slug}`, slug: item.slug, active: locale === currentLocale })
  }
  return list
}

interface Shared {
  dev_mode: boolean
  options: { layout: string }
  chat: z.input<typeof wireChat> | false
  breadcrumbs: Array<{ url: string; title: string }>
  search: NonNullable<NonNullable<PageResult['content']>['search']> | null
}

/** What an item and a listing share: the frame's home breadcrumb (the site adds the listing's and the item's), search results with `s`. */
async function common(ctx: CmsContext, content: LocaleContent, url: URL): Promise<Shared> {
  const prefix = localePrefix(content.locale, ctx.defaultLocale)
  const home = content.pages.get(homeSlug)
  const search = await searchResultsFor(ctx, content.locale, url)
  return {
    dev_mode: url.searchParams.get(siteConfig.devMode.queryParam) === 'true',
    options: { layout: 'default' },
    chat: content.chat ?? false,
    breadcrumbs: [{ url: `${prefix}${pagePath(homeSlug)}`, title: home?.title ?? 'Home' }],
    search,
  }
}

function itemResult(ctx: CmsContext, content: LocaleContent, item: ItemRecord, url: URL, shared: Shared) {
  const adminUrl = ctx.adminUrl(url)
  return languagesOf(ctx, item.type, item.key, content.locale).then((lang): PageResult => ({
    id: item.id,
    slug: item.slug,
    title: item.title,
    type: 'item',
    item_type: item.type,
    featured_image: item.featured_image,
    dev_mode: shared.dev_mode,
    lang,
    meta: {
      title: item.title,
      description: item.excerpt,
      author: item.author,
      'og:title': item.title,
      'og:desc': item.excerpt,
      ...(item.featured_image ? { 'og:img': item.featured_image.url } : {}),
    },
    options: shared.options,
    admin_bar: { dashboard_url: adminUrl, edit_post_url: `${adminUrl}/post.php?post=${item.id}&action=edit`, page_layout: 'single' },
    chat: shared.chat,
    content: {
      blog_post: { ...summarize(item), content: item.html, fields: item.fields },
      breadcrumbs: shared.breadcrumbs,
      ...(shared.search ? { search: shared.search } : {}),
    },
  }))
}

function frame(content: LocaleContent, result: PageResult): z.input<typeof wireBaseResponse> {
  return { result: { page: { data: { result } }, menu: content.menus, options: content.options } }
}

/** A draft (or any item) by id, only for a valid signed preview link (docs/content-api.md, Previews of drafts). */
function previewItem(ctx: CmsContext, content: LocaleContent, type: string, url: URL): ItemRecord | null {
  const id = url.searchParams.get('preview_id')
  if (!id) return null
  const claim = { id, expires: url.searchParams.get('preview_expires') ?? '', token: url.searchParams.get('preview_token') ?? '' }
  if (!verifyPreview(claim, ctx.previewSecret, Math.floor(Date.now() / 1000))) return null
  return content.items.get(type)?.find((item) => String(item.id) === id) ?? null
}

/** GET /api/v1/items/{type}[/{slug}]?locale=: a type's listing or one item in the page frame; an unknown type or slug is the 404 with the frame. */
export async function getItems(ctx: CmsContext, url: URL, type: string, slug: string): Promise<Response> {
  const content = await contentFor(ctx, url)
  if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
  const items = publishedItems(content, type)
  if (!items) return json(errorBody('not_found', 'No such content type', 404, content), 404)
  const shared = await common(ctx, content, url)
  if (slug !== '') {
    const draft = previewItem(ctx, content, type, url)
    if (draft) return json(frame(content, { ...(await itemResult(ctx, content, draft, url, shared)), preview: draft.status === 'draft' }))
    const item = items.find((candidate) => candidate.slug === slug)
    if (!item) return json(errorBody('not_found', 'Page not found', 404, content), 404)
    return json(frame(content, await itemResult(ctx, content, item, url, shared)))
  }
  const labels: Record<string, string> = typeConfig(type)?.label ?? {}
  const title = Object.entries(labels).find(([locale]) => locale === content.locale)?.[1] ?? type
  const perPage = cmsConfig.posts.defaultPerPage
  return json(
    frame(content, {
      slug: type,
      title,
      type: 'archive',
      item_type: type,
      dev_mode: shared.dev_mode,
      lang: await languagesOf(ctx, type, null, content.locale),
      meta: { title, description: `${title} – ${content.options.organization.name}` },
      options: shared.options,
      chat: shared.chat,
      content: {
        filtered_blogs: items.slice(0, perPage).map(summarize),
        pagination: { page: 1, per_page: perPage, total: items.length, total_pages: Math.ceil(items.length / perPage) },
        breadcrumbs: shared.breadcrumbs,
        ...(shared.search ? { search: shared.search } : {}),
      },
    }),
  )
}

/** GET /api/v1/posts?type={type}: a page of a type's listing, as the post listing answers it; an unknown type lists nothing. */
export function itemList(content: LocaleContent, type: string, url: URL): z.input<typeof wirePostsResponse> {
  const params = url.searchParams
  const perPage = positiveInt(params.get('posts_per_page'), cmsConfig.posts.defaultPerPage, cmsConfig.posts.maxPerPage)
  const page = positiveInt(params.get('page'), 1, cmsConfig.posts.maxPage)
  const s = params.get('s')?.trim().toLowerCase()
  let items = publishedItems(content, type) ?? []
  if (s) items = items.filter((item) => `${item.title} ${item.excerpt} ${item.text}`.toLowerCase().includes(s))
  return {
    result: {
      blog_posts: items.slice((page - 1) * perPage, page * perPage).map(summarize),
      pagination: { page, per_page: perPage, total: items.length, total_pages: Math.ceil(items.length / perPage) },
    },
  }
}
