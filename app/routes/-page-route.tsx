/**
 * Shared by the page routes (`/`, the catch-all, `/login`, the blog): the loader requests
 * the page and its layout for the URL the root read once (`context.selection`) and the page
 * name the route's params give; the router keeps what it returns (decision 045). `head()`
 * comes from buildHead(). Files starting with `-` are not routes.
 */
import { isNotFound, isRedirect, notFound } from '@tanstack/react-router'
import type { PageData, PaletteColor, PostList } from '../contract/model'
import type { PageQuery } from '../contract/queries'
import { firstListPage, listingFilter } from '../site-rules/listing'
import { cacheTagsFor } from '../contract/cache-tags'
import { layoutPathOf, pageQueryFor, type PageSelection, type PageTarget } from '../site-rules/page-selection'
import { ogImagePath, ogImageTitle } from '../site-rules/og-image'
import { buildHead, type HeadInput } from '../site-rules/seo'
import { paletteCss } from '../contract/palette'
import { requestLayout, requestPage, requestPosts } from '../content-requests'
import { firstListForDocument, pageDataForDocument } from './-page-data-block'

/**
 * What a page route's component needs, and its head. All of it is written into the HTML, where
 * the head's parts are the page data's own objects, written once.
 */
export interface PageLoaderData {
  query: PageQuery
  data: PageData
  /**
   * A blog list's first page shown (the blog home, a category, an archive): the page `?page=N`
   * asks for. Page 1 comes with the page's data; another is requested with it.
   */
  list: PostList | null
  layout: 'default' | 'static'
  head: HeadInput
  /** The listing page a blog or category page shows first (`?page=N`). */
  listPage: number
  /** What the page shows, for revalidation (app/contract/cache-tags.ts); the server entry reads it after rendering. */
  cacheTags: string[]
  /**
   * The theme's palette, for the document's head (its CSS is made there, app/contract/palette.ts).
   * The same object as the page data's options carry: the dehydrated state writes it once,
   * where its CSS as text would be another 3 KB in every page.
   */
  palette: readonly PaletteColor[]
}

export interface PageLoaderContext {
  selection: PageSelection
}

/**
 * The pages this tab has shown, as their loaders returned them (in the browser only; the
 * router hands each over before it navigates away, app/router.tsx). When the router refreshes
 * a stale page in the background and the request fails (the visitor went offline, a deploy
 * replaced the server functions), the page stays as it was, as it did under TanStack Query,
 * instead of turning into the error screen (decision 045). A missing page or a redirect
 * still goes through. The newest 50 are kept.
 */
const shownPages = new Map<string, PageLoaderData>()
const MAX_SHOWN_PAGES = 50
const pageKey = (query: PageQuery) => JSON.stringify(query)

/** Keeps a page the visitor is leaving; anything else a route returned is left alone. */
export function keepShownPage(loaderData: unknown): void {
  if (typeof loaderData !== 'object' || loaderData === null || !('query' in loaderData) || !('data' in loaderData)) return
  const page = loaderData as PageLoaderData
  const key = pageKey(page.query)
  shownPages.delete(key)
  shownPages.set(key, page)
  if (shownPages.size > MAX_SHOWN_PAGES) shownPages.delete(shownPages.keys().next().value!)
}

/** The 404 of a page the backend does have, with its frame (menus, options) for the error screen. */
export function notFoundIn(data: PageData): never {
  throw notFound({ data: { menus: data.menus, options: data.options } })
}

/**
 * Loads the page a route targets, in the locale and with the search params of the URL:
 * its data (for routes that check it further) and the loader data. A route that lists
 * posts of its own (a tag) asks for no list.
 */
export async function loadPage(
  context: PageLoaderContext,
  target: PageTarget,
  { withList = true }: { withList?: boolean } = {},
): Promise<{ data: PageData; loaderData: PageLoaderData }> {
  const { selection } = context
  const query = pageQueryFor(selection, target)
  if (!query) throw notFound()
  const listPage = selection.search ? 1 : selection.page
  let data: PageData, layout: Awaited<ReturnType<typeof requestLayout>>
  try {
    ;[data, layout] = await Promise.all([
      requestPage(query),
      // Requirements §7 `layout{path}`: the layout of the page shown, by its page name (the home page's path is `/`).
      requestLayout({ locale: query.locale, path: layoutPathOf(query.pageName) }),
    ])
  } catch (error) {
    const shown = isNotFound(error) || isRedirect(error) ? undefined : shownPages.get(pageKey(query))
    if (!shown) throw error
    return { data: shown.data, loaderData: shown }
  }
  const { page } = data
  let list: PostList | null = null
  if (withList && !page.search && (page.kind === 'blog' || page.kind === 'category' || page.kind === 'archive')) {
    // The first page as the page answer carries it (filtered_blogs): no /api/v1/posts call.
    const first = listPage === 1 ? firstListPage(page) : null
    if (!first) list = await requestPosts(listingFilter(page, query.locale), listPage)
    else list = import.meta.env.SSR ? firstListForDocument(first) : first
  }
  return {
    data,
    loaderData: {
      query,
      // The document carries the page's data as its JSON data block (docs/decisions/050).
      data: import.meta.env.SSR ? pageDataForDocument(data) : data,
      list,
      layout: data.page.layout === 'static' ? 'static' : layout.layout,
      head: headInputFor(data, query, selection.path),
      listPage,
      cacheTags: cacheTagsFor(data, query.pageName),
      palette: data.options.palette,
    },
  }
}

export function headInputFor(data: PageData, query: PageQuery, path: string): HeadInput {
  const { page, options } = data
  return {
    meta: page.meta,
    options: { organizationName: options.organizationName, logoUrl: options.logoUrl, siteUrl: options.siteUrl },
    locale: query.locale,
    path,
    languages: page.languages,
    breadcrumbs: page.breadcrumbs,
    schema: page.schema,
    // Only what the head needs: the head's input names the post's dates, not its body.
    // An item of a content type has an article's head too, as an Article (decision 029).
    post:
      page.kind === 'post' || page.kind === 'item'
        ? {
            title: page.post.title,
            date: page.post.date,
            modified: page.post.modified,
            author: page.post.author,
            featuredImage: page.post.featuredImage,
            schemaType: page.kind === 'item' ? 'Article' : 'BlogPosting',
          }
        : null,
    // Search results and previews are never indexed (requirements §10.6); pages may say so themselves.
    noindex: Boolean(query.search || query.previewId),
    // Search results and drafts have no card of their own: the image shows the published page.
    generatedImage:
      query.search || query.previewId
        ? null
        : {
            path: ogImagePath({ pageName: query.pageName, category: query.category }),
            alt: `${ogImageTitle(page, page.kind === 'blog' || page.kind === 'category' ? page.category : null, page.kind === 'post' || page.kind === 'item' ? page.post : null, options.organizationName)} – ${options.organizationName}`,
          },
  }
}

export function pageHead(loaderData: PageLoaderData | undefined) {
  // Without data (an error screen) the root's title, the product name, stands.
  if (!loaderData) return {}
  // The palette sets :root's variables, so its style belongs in the head: a <style> in the
  // body may only style its parent and what follows it.
  const css = paletteCss(loaderData.palette)
  return { ...buildHead(loaderData.head), styles: css ? [{ children: css }] : [] }
}
