/**
 * Wire shapes → app types: the page, the base call's answer and a popup here; the site's
 * frame (menus, options) in reshape-site.ts, posts in reshape-posts.ts, items of a content
 * type in reshape-items.ts, section data in reshape-json.ts. Every function also cleans up: backend URLs become app
 * routes, HTML is sanitized, unsafe links are dropped, alt text is filled in, and plain
 * text (titles, names, labels, meta) is decoded once (`decodeText`): past this point
 * text is characters, escaped once by whoever writes it out (React, the XML writer).
 */
import { type Locale, siteConfig } from '../config/site'
import { toAppHref } from '../lib/url'
import { parseFormDefinitions } from './forms/definition'
import { scopePageCss } from './page-css'
import { sanitizeSectionData, toJsonObject } from './reshape-json'
import { itemLanguage, itemSearchHref, itemSearchLabel, typeBreadcrumbs, typeLabelIn } from './reshape-items'
import { reshapeImage, reshapePost, reshapePostSummary, reshapePosts, reshapeTerm } from './reshape-posts'
import { contextFor, reshapeMenus, reshapeOptions, type ReshapeContext } from './reshape-site'
import { decodeText, sanitizeClassList, sanitizeCmsHtml } from './sanitize'
import type { Breadcrumb, ChatSettings, Language, Page, PageData, PageMeta, Popup } from './model'
import type { WireBaseResponse, WirePopupResponse } from './wire'
import type { WireMeta, WirePageResult } from './wire-page'

function reshapeMeta(meta: WireMeta): PageMeta {
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
function pageScopeId(id: string | number): string {
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

function reshapePage(result: WirePageResult, ctx: ReshapeContext): Page {
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
      // Only what the site's first page shows (app/site-rules/listing.ts firstListPage): the page's data
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
