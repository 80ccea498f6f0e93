/**
 * Wire shapes → app types. Every function here also cleans up: backend URLs become app
 * routes, HTML is sanitized, unsafe links are dropped, alt text is filled in, and plain
 * text (titles, names, labels, meta) is decoded once (`decodeText`): past this point
 * text is characters, escaped once by whoever writes it out (React, the XML writer).
 */
import { siteConfig, type Locale } from '../../app.config'
import { originOf, popupIdFromHref, toAppHref } from '../lib/url'
import { parseFormDefinitions } from './forms/definition'
import { imageSizesOf } from './image-sizes'
import { scopePageCss } from './page-css'
import { paletteColor } from './palette'
import { darkFallback } from './palette-contrast'
import { sanitizeSectionData, toJsonObject } from './reshape-json'
import { itemLanguage, itemSearchHref, itemSearchLabel, typeBreadcrumbs, typeLabelIn } from './reshape-items'
import { addHeadingAnchors, decodeText, sanitizeClassList, sanitizeCmsHtml } from './sanitize'
import type {
  ChatSettings,
  Breadcrumb,
  Image,
  Language,
  MenuLink,
  Menus,
  Page,
  PageData,
  PageMeta,
  Popup,
  Post,
  PostList,
  PostSummary,
  SiteOptions,
  Term,
} from './model'
import type { WireBaseResponse, WirePopupResponse, WirePostsResponse } from './wire'
import type { WireMeta, WirePageResult } from './wire-page'
import type { WirePost, WirePostSummary, WireTerm } from './wire-posts'
import type { WireImage } from './wire-primitives'
import { menuLocations, type WireMenuItem, type WireMenus, type WireOptions } from './wire-site'

/** The origins whose URLs count as the site's own (the backend and the public site). */
export interface ReshapeContext {
  ownOrigins: readonly string[]
  /** The locale asked for: the links to items of a content type are built in it (decision 029). */
  locale?: Locale
}

export function contextFor(options: Pick<WireOptions, 'host_url'> | null, ...origins: Array<string | undefined>): ReshapeContext {
  const ownOrigins = [options?.host_url, ...origins].map((value) => originOf(value)).filter((value): value is string => value !== null)
  return { ownOrigins: [...new Set(ownOrigins)] }
}

export function reshapeImage(image: WireImage | false | null | undefined, fallbackAlt = ''): Image | null {
  if (!image) return null
  const link = toAppHref(image.url, [])
  if (!link) return null
  const shape = { src: link.href, width: image.width ?? 0, height: image.height ?? 0 }
  return {
    ...shape,
    alt: decodeText(image.alt ?? '') || fallbackAlt,
    error: image.error ?? false,
    sizes: imageSizesOf(shape, image.srcset, (url) => toAppHref(url, [])?.href ?? null),
  }
}

function reshapeMenuLink(item: WireMenuItem, ctx: ReshapeContext): Omit<MenuLink, 'children'> | null {
  // relative_path is the backend's own rewrite of the URL into a site path (requirements §3).
  const source = item.relative_path && item.relative_path.startsWith('/') ? item.relative_path : item.url
  const link = toAppHref(source, ctx.ownOrigins)
  if (!link) return null
  return {
    id: String(item.id),
    title: decodeText(item.title) || link.href,
    href: link.href,
    internal: link.internal,
    newTab: item.target === '_blank',
    popupId: popupIdFromHref(link.href),
    parentId: item.post_parent === false ? null : String(item.post_parent),
  }
}

/**
 * One menu location as a tree: items nest under the item whose id is their
 * `post_parent` (false for the top level). Orphans are shown at the top level rather
 * than lost; cycles cannot form because only top-level items are roots.
 */
export function reshapeMenu(items: readonly WireMenuItem[], ctx: ReshapeContext): MenuLink[] {
  const links = new Map<string, MenuLink>()
  for (const item of items) {
    const link = reshapeMenuLink(item, ctx)
    if (link) links.set(link.id, { ...link, children: [] })
  }
  const roots: MenuLink[] = []
  for (const item of items) {
    const link = links.get(String(item.id))
    if (!link) continue
    const parent = item.post_parent === false ? undefined : links.get(String(item.post_parent))
    if (parent && parent !== link && item.post_parent !== false) parent.children.push(link)
    else roots.push(link)
  }
  return roots
}

export function reshapeMenus(menus: WireMenus | undefined, ctx: ReshapeContext): Menus {
  const result = {} as Menus
  for (const location of menuLocations) {
    result[location] = reshapeMenu(menus?.[location] ?? [], ctx)
  }
  return result
}

export function reshapeOptions(options: WireOptions, ctx: ReshapeContext): SiteOptions {
  const hostUrl = toAppHref(options.host_url, [])
  const badge = (value: { label: string; url: string } | undefined) => {
    const link = value ? toAppHref(value.url, []) : null
    return value && link ? { label: decodeText(value.label), url: link.href } : null
  }
  return {
    organizationName: decodeText(options.organization.name) || siteConfig.productName,
    logoUrl: options.organization.logo_url ? (toAppHref(options.organization.logo_url, [])?.href ?? null) : null,
    hostUrl: hostUrl && !hostUrl.internal ? hostUrl.href : '/',
    siteUrl: hostUrl && !hostUrl.internal ? new URL(hostUrl.href).origin : 'http://localhost:3000',
    ownOrigins: [...ctx.ownOrigins],
    addressHtml: sanitizeCmsHtml(options.address ?? ''),
    phone: options.phone?.trim() || null,
    shopUrl: options.shop_url ? (toAppHref(options.shop_url, [])?.href ?? null) : null,
    reviewBadge: badge(options.review_badge),
    statusBadge: badge(options.status_badge),
    palette: reshapePalette(options.palette ?? []),
  }
}

/** The palette entries the site can use: a plain slug and a colour that is one (a bad entry is left out, not an error). */
function reshapePalette(palette: NonNullable<WireOptions['palette']>): SiteOptions['palette'] {
  const seen = new Set<string>()
  return palette.flatMap((entry) => {
    const slug = entry.slug.trim().toLowerCase()
    const light = paletteColor(entry.color)
    if (!/^[a-z0-9][a-z0-9-]{0,59}$/.test(slug) || !light || seen.has(slug)) return []
    seen.add(slug)
    const dark = paletteColor(entry.dark ?? '')
    // A theme that names its dark value is taken at its word; else one is made that reads (decision 028).
    const fallback = dark ? null : darkFallback(light)
    return [{ slug, light, dark: dark ?? fallback?.text ?? light, darkBackground: dark ?? fallback?.background ?? light }]
  })
}

export function reshapeMeta(meta: WireMeta): PageMeta {
  const value = (input: string | undefined) => {
    const text = input === undefined ? '' : decodeText(input)
    return text ? text : null
  }
  const url = (input: string | undefined) => (input ? (toAppHref(input, [])?.href ?? null) : null)
  return {
    title: value(meta.title),
    description: value(meta.description),
    keywords: value(meta.keywords),
    author: value(meta.author),
    robots: value(meta.robots),
    ogTitle: value(meta['og:title']),
    ogDescription: value(meta['og:desc']),
    ogImage: url(meta['og:img']),
    twitterTitle: value(meta['twitter:title']),
    twitterDescription: value(meta['twitter:desc']),
    twitterImage: url(meta['twitter:img']),
    twitterCard: value(meta['twitter:card']),
    canonical: url(meta.canonical),
    favicon: url(meta.favicon?.url),
  }
}

export function reshapeTerm(term: WireTerm): Term {
  return { id: String(term.id), name: decodeText(term.name), slug: term.slug, count: term.count ?? 0 }
}

export function reshapePostSummary(post: WirePostSummary): PostSummary {
  return {
    id: String(post.id),
    slug: post.slug,
    title: decodeText(post.title),
    excerptHtml: sanitizeCmsHtml(post.excerpt),
    date: post.date,
    modified: post.modified ?? null,
    author: post.author?.name ? decodeText(post.author.name) || null : null,
    featuredImage: reshapeImage(post.featured_image, decodeText(post.title)),
    categories: post.categories.map(reshapeTerm),
    tags: post.tags.map(reshapeTerm),
    readingMinutes: post.reading_minutes ?? null,
  }
}

export function reshapePost(post: WirePost): Post {
  return {
    ...reshapePostSummary(post),
    contentHtml: addHeadingAnchors(sanitizeCmsHtml(post.content)),
    fields: post.fields.flatMap((field) => {
      const label = decodeText(field.label)
      const value = decodeText(field.value)
      return label && value ? [{ label, value }] : []
    }),
  }
}

function reshapeBreadcrumbs(items: ReadonlyArray<{ url: string; title: string }>, ctx: ReshapeContext): Breadcrumb[] {
  return items.flatMap((item) => {
    const link = toAppHref(item.url, ctx.ownOrigins)
    return link ? [{ href: link.href, internal: link.internal, title: decodeText(item.title) }] : []
  })
}

function reshapeLanguages(items: WirePageResult['lang'], ctx: ReshapeContext, itemType: string | null, isItem: boolean): Language[] {
  return items.flatMap((item) => {
    if (itemType !== null) return itemLanguage(item, itemType, isItem)
    const link = toAppHref(item.url, ctx.ownOrigins)
    return link ? [{ locale: item.code, name: decodeText(item.name), href: link.href, active: item.active ?? false }] : []
  })
}

/** The value of the page wrapper's data-page attribute, which its custom CSS is scoped to. */
export function pageScopeId(id: string | number): string {
  return String(id).replace(/[^A-Za-z0-9_-]/g, '') || 'page'
}

/** A Crisp website id is a UUID. */
const CRISP_WEBSITE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Requirements §3 `chat`: off, an unknown provider or a malformed widget id is no chat. */
export function reshapeChat(chat: WirePageResult['chat']): ChatSettings | null {
  if (!chat || !chat.enabled) return null
  if (chat.provider === 'builtin') return { provider: 'builtin' }
  if (chat.provider === 'crisp' && chat.widget_id && CRISP_WEBSITE_ID.test(chat.widget_id)) {
    return { provider: 'crisp', widgetId: chat.widget_id.toLowerCase() }
  }
  return null
}

export function reshapePage(result: WirePageResult, ctx: ReshapeContext): Page {
  const { content } = result
  const schema = (result.schema ? (Array.isArray(result.schema) ? result.schema : [result.schema]) : []).map((item) => toJsonObject(item))
  const link = (value: string | undefined) => (value ? (toAppHref(value, ctx.ownOrigins)?.href ?? null) : null)
  const scopeId = pageScopeId(result.id ?? result.slug ?? 'page')
  // An item or an archive names its content type; the site builds its links (decision 029).
  const itemType = (result.type === 'item' || result.type === 'archive') && result.item_type ? result.item_type : null
  const common = {
    id: result.id === undefined ? null : String(result.id),
    slug: result.slug ?? '',
    title: decodeText(result.title ?? result.meta.title ?? ''),
    layout: result.options.layout === 'static' ? ('static' as const) : ('default' as const),
    featuredImage: reshapeImage(result.featured_image),
    backgroundImage: reshapeImage(result.background_image),
    bodyClass: sanitizeClassList(result.body_classes),
    scopeId,
    customCss: scopePageCss(result.custom_css, scopeId),
    devMode: result.dev_mode,
    preview: result.preview,
    languages: reshapeLanguages(result.lang, ctx, itemType, result.type === 'item'),
    notifications: content.notifications.map((item) => ({
      id: String(item.id),
      messageHtml: sanitizeCmsHtml(item.message),
      type: item.type ?? 'info',
    })),
    widgets: Object.fromEntries(
      Object.entries(content.widgets).map(([area, widgets]) => [
        area,
        widgets.map((widget) => ({
          id: String(widget.id),
          type: widget.widget_type,
          title: decodeText(widget.title ?? '') || null,
          contentHtml: sanitizeCmsHtml(widget.content ?? ''),
        })),
      ]),
    ),
    breadcrumbs: reshapeBreadcrumbs(content.breadcrumbs, ctx),
    recentPosts: content.recent_posts.map(reshapePostSummary),
    tags: content.tags.map(reshapeTerm),
    categories: content.categories.map(reshapeTerm),
    search: content.search
      ? {
          query: content.search.query,
          total: content.search.total,
          page: content.search.page ?? 1,
          perPage: content.search.per_page ?? Math.max(content.search.results.length, 1),
          corrected: content.search.corrected ?? null,
          results: content.search.results.flatMap((hit) => {
            const href = hit.type === 'item' ? itemSearchHref(hit, ctx.locale) : (toAppHref(hit.url, ctx.ownOrigins)?.href ?? null)
            const label = hit.type === 'item' ? itemSearchLabel(hit, ctx.locale) : null
            return href ? [{ type: hit.type, title: decodeText(hit.title), href, excerptHtml: sanitizeCmsHtml(hit.excerpt), label }] : []
          }),
        }
      : null,
    meta: reshapeMeta(result.meta),
    schema,
    admin: {
      dashboardUrl: link(result.admin_bar?.dashboard_url),
      editPostUrl: link(result.admin_bar?.edit_post_url),
      pageLayout: result.admin_bar?.page_layout ?? result.options.layout ?? null,
    },
    chat: reshapeChat(result.chat),
  }
  if (itemType !== null && result.type === 'item' && content.blog_post) {
    const post = reshapePost(content.blog_post)
    return { ...common, kind: 'item', itemType, post, breadcrumbs: typeBreadcrumbs(common.breadcrumbs, ctx.locale, itemType, post) }
  }
  if (itemType !== null && result.type === 'archive') {
    return {
      ...common,
      // The listing's name is the site's, in the locale asked for (a backend's type label may have one language only).
      title: typeLabelIn(ctx.locale, itemType) ?? common.title,
      kind: 'archive',
      itemType,
      category: null,
      breadcrumbs: typeBreadcrumbs(common.breadcrumbs, ctx.locale, itemType, null),
      firstPosts: content.pagination
        ? reshapePosts({
            result: { blog_posts: content.filtered_blogs.slice(0, siteConfig.content.postsPerPage), pagination: content.pagination },
          })
        : null,
    }
  }
  // The kind: the backend's `type`, except that an article needs its post (else it is a plain page).
  if (content.blog_post && (result.type === 'post' || result.type === undefined)) {
    return {
      ...common,
      kind: 'post',
      post: reshapePost(content.blog_post),
      previousPost: content.previous_post ? { slug: content.previous_post.slug, title: decodeText(content.previous_post.title) } : null,
      nextPost: content.next_post ? { slug: content.next_post.slug, title: decodeText(content.next_post.title) } : null,
      comments: content.comments.map((comment) => ({
        id: String(comment.id),
        author: decodeText(comment.author),
        date: comment.date,
        contentHtml: sanitizeCmsHtml(comment.content),
      })),
    }
  }
  if (result.type === 'blog' || result.type === 'category') {
    return {
      ...common,
      kind: result.type,
      itemType: null,
      category: content.category ? reshapeTerm(content.category) : null,
      // Only what the site's first page shows (lib/listing.ts firstListPage): the page's data
      // is written into the HTML, and the backend may list more per page.
      firstPosts: content.pagination
        ? reshapePosts({
            result: { blog_posts: content.filtered_blogs.slice(0, siteConfig.content.postsPerPage), pagination: content.pagination },
          })
        : null,
    }
  }
  return {
    ...common,
    kind: 'page',
    sections: content.sections.map((section, index) => {
      const { layout, id, animate, ...data } = section
      return { key: `${layout}-${id ?? index}`, layout, data: sanitizeSectionData(data), animate: animate === true }
    }),
    forms: parseFormDefinitions(content.shortcode_data),
    pageContentHtml: sanitizeCmsHtml(content.pageContent),
  }
}

export function reshapeBaseResponse(response: WireBaseResponse, backendUrl?: string, locale?: Locale): PageData {
  const { result } = response
  const ctx: ReshapeContext = { ...contextFor(result.options, backendUrl), locale }
  return {
    page: reshapePage(result.page.data.result, ctx),
    menus: reshapeMenus(result.menu, ctx),
    options: reshapeOptions(result.options, ctx),
  }
}

export function reshapePopup(response: WirePopupResponse): Popup {
  const { props, shortcode_data } = response.result
  return {
    id: String(props.id),
    title: decodeText(props.title),
    contentHtml: sanitizeCmsHtml(props.content),
    className: sanitizeClassList([props.options.classname ?? '']),
    forms: parseFormDefinitions(shortcode_data),
  }
}

export function reshapePosts(response: WirePostsResponse): PostList {
  const { blog_posts, pagination } = response.result
  return {
    posts: blog_posts.map(reshapePostSummary),
    pagination: pagination
      ? { page: pagination.page, perPage: pagination.per_page, total: pagination.total, totalPages: pagination.total_pages }
      : null,
  }
}
