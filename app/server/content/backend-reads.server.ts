/**
 * The `wp` adapter's reads (backend-source.server.ts): a page (by name, or an item of a
 * content type by type and slug), a layout, a popup, a post list, the sitemap, the
 * redirects and a tag's id, each parsed against the contract and reshaped into the model.
 * A 404 carries the site's frame when the backend sent one.
 */
import type { Locale } from '../../config/site'
import { typeListingEntries, typePath, typeTargetOf } from '../../contract/content-types'
import { isPopupId } from '../../contract/page-name'
import { appPathSchema, pageNameSchema } from '../../contract/queries'
import { wireRedirectsResponse } from '../../contract/redirects'
import { reshapeBaseResponse, reshapePopup } from '../../contract/reshape'
import { reshapePosts } from '../../contract/reshape-posts'
import { contextFor, reshapeMenus, reshapeOptions } from '../../contract/reshape-site'
import {
  wireBaseResponse,
  wireErrorResponse,
  wireLayoutResponse,
  wirePopupResponse,
  wirePostsResponse,
  wireSitemapResponse,
  wireTagsResponse,
} from '../../contract/wire'
import type { BackendAccess } from './backend-access.server'
import { describeCall } from './backend-client.server'
import {
  ContentNotFoundError,
  ContentUnavailableError,
  type BackendPageQuery,
  type ContentSource,
  type PostsQuery,
  type SitemapEntry,
} from './content-source.server'

/** Encodes a page name per segment, so `services/cloud` stays a path. */
function encodePath(pageName: string): string {
  return pageName
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/')
}

type BackendReads = Pick<
  ContentSource,
  'getPage' | 'getLayout' | 'getPopup' | 'getPosts' | 'getSitemapEntries' | 'getRedirects' | 'getTagId'
>

export function backendReads({ baseUrl, url, getJson, parse, report }: BackendAccess): BackendReads {
  function notFoundFrom(body: unknown): ContentNotFoundError {
    const parsed = wireErrorResponse.safeParse(body)
    const frame = parsed.success ? parsed.data.data?.result : undefined
    if (frame?.options) {
      const ctx = contextFor(frame.options, baseUrl)
      return new ContentNotFoundError({ menus: reshapeMenus(frame.menu, ctx), options: reshapeOptions(frame.options, ctx) })
    }
    return new ContentNotFoundError()
  }

  return {
    async getPage(query: BackendPageQuery) {
      // Whoever calls, only a slug path is ever appended to the endpoint (no `..` reaches the backend).
      if (!pageNameSchema.safeParse(query.pageName).success) throw new ContentNotFoundError()
      // A routed content type's listing or item is asked for by type and slug (decision 029).
      const item = typeTargetOf(query.locale, query.pageName)
      const path = item
        ? `/api/v1/items/${item.type}${item.slug === null ? '' : `/${encodeURIComponent(item.slug)}`}`
        : `/api/v1/base/${encodePath(query.pageName)}`
      const target = url(path, {
        locale: query.locale,
        category: item ? undefined : query.category,
        s: query.search,
        page: query.search && query.searchPage && query.searchPage > 1 ? query.searchPage : undefined,
        preview_id: query.previewId,
        preview_expires: query.previewId ? query.previewExpires : undefined,
        preview_token: query.previewId ? query.previewToken : undefined,
        dev: query.dev ? 'true' : undefined,
        extra: query.extra,
      })
      try {
        const { status, body } = await getJson(target)
        if (status === 404 || status === 410) throw notFoundFrom(body)
        if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
        const wire = parse(wireBaseResponse, body, target)
        const data = reshapeBaseResponse(wire, baseUrl, query.locale)
        // Requirements §8: a result with an error flag raises 404.
        if (wire.result.page.data.result.error) {
          throw new ContentNotFoundError({ menus: data.menus, options: data.options })
        }
        return data
      } catch (error) {
        if (error instanceof Error) report(error)
        throw error
      }
    },

    async getLayout(path: string, locale: Locale) {
      if (!appPathSchema.safeParse(path).success) return {}
      const target = url(`/api/v1/layout/${encodePath(path)}`, { locale })
      let answer: { status: number; body: unknown }
      try {
        answer = await getJson(target)
      } catch (error) {
        // Down is not "no layout": the cache in front answers the last good copy (or `{}`, requirements §7).
        if (error instanceof ContentUnavailableError && error.reason !== 'invalid') throw error
        return {}
      }
      if (answer.status >= 400) return {}
      const parsed = wireLayoutResponse.safeParse(answer.body)
      return parsed.success ? parsed.data : {}
    },

    async getPopup(id: string, locale: Locale) {
      if (!isPopupId(id)) throw new ContentNotFoundError()
      const target = url(`/api/v1/popups/${encodeURIComponent(id)}`, { locale })
      try {
        const { status, body } = await getJson(target)
        if (status === 404) throw new ContentNotFoundError()
        if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
        return reshapePopup(parse(wirePopupResponse, body, target))
      } catch (error) {
        if (error instanceof Error) report(error)
        throw error
      }
    },

    async getPosts(query: PostsQuery) {
      const target = url('/api/v1/posts', {
        locale: query.locale,
        type: query.type,
        page: query.page,
        tag: query.tag,
        cat: query.category,
        s: query.search,
        posts_per_page: query.perPage,
      })
      try {
        const { status, body } = await getJson(target)
        if (status >= 400) return { posts: [], pagination: null, failed: true }
        return reshapePosts(parse(wirePostsResponse, body, target))
      } catch (error) {
        if (error instanceof Error) report(error)
        return { posts: [], pagination: null, failed: true }
      }
    },

    async getSitemapEntries(locale: Locale) {
      const target = url('/api/v1/sitemap', { locale })
      const { status, body } = await getJson(target)
      if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
      // An item's path is the site's (decision 029); one of a type the site does not route is left out.
      const entries = parse(wireSitemapResponse, body, target).result.entries.flatMap((entry): SitemapEntry[] => {
        const path = entry.type === 'item' ? typePath(locale, entry.item_type, entry.slug) : entry.path
        return path === null ? [] : [{ key: entry.key, path, modified: entry.modified ?? null, type: entry.type }]
      })
      return [...entries, ...typeListingEntries(locale, entries)]
    },

    async getRedirects() {
      const target = url('/api/v1/redirects', {})
      const { status, body } = await getJson(target)
      // A backend that predates the endpoint has no redirects, which is not an outage.
      if (status === 404) return []
      if (status >= 400) throw new ContentUnavailableError('status', `${describeCall('GET', target)} answered ${status}`)
      return parse(wireRedirectsResponse, body, target).result.redirects
    },

    async getTagId(slug: string, locale: Locale) {
      const target = url('/api/wp/v2/tags', { slug, locale })
      let answer: { status: number; body: unknown }
      try {
        answer = await getJson(target)
      } catch (error) {
        // Down is not "no such tag": the cache in front answers the last good copy (or null, requirements §7).
        if (error instanceof ContentUnavailableError && error.reason !== 'invalid') throw error
        return null
      }
      if (answer.status >= 400) return null
      const parsed = wireTagsResponse.safeParse(answer.body)
      const first = parsed.success ? parsed.data[0] : undefined
      return first ? String(first.id) : null
    },
  }
}
