/**
 * Shared by the page routes (`/`, `/{page}`, the catch-all, `/login`, the blog):
 * the loader ensures the page and layout queries, `head()` comes from buildHead(), and
 * the component reads the same query. Files starting with `-` are not routes.
 */
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { notFound, type ParsedLocation } from '@tanstack/react-router'
import { listingFilter, PageScreen } from '../components/page-view'
import { selectPage, type SiteSearch } from '../lib/page-selection'
import { buildHead, type HeadInput } from '../lib/seo'
import { layoutQueryOptions, pageQueryOptions, postListQueryOptions, type PageInput } from '../server/content.functions'
import type { PageData } from '../content/model'

export interface PageLoaderData {
  input: PageInput
  layout: 'default' | 'static'
  head: HeadInput
  /** The listing page a blog or category page shows first (`?page=N`). */
  listPage: number
}

export function pathnameOf(location: ParsedLocation): string {
  return new URL(location.publicHref, 'http://site.invalid').pathname
}

/** Loads a page by its public path and search params (SPEC §2 Page selection). */
export async function loadPageByPath(
  queryClient: QueryClient,
  location: ParsedLocation,
  search: SiteSearch,
  overrides: Partial<Pick<PageInput, 'pageName' | 'category'>> = {},
): Promise<PageLoaderData> {
  const selection = selectPage(pathnameOf(location), search)
  const input: PageInput = {
    locale: selection.locale,
    pageName: overrides.pageName ?? selection.pageName,
    category: overrides.category,
    search: selection.search,
    searchPage: selection.search && selection.page > 1 ? selection.page : undefined,
    previewId: selection.previewId,
    previewExpires: selection.previewExpires,
    previewToken: selection.previewToken,
    dev: selection.dev || undefined,
  }
  return loadPage(queryClient, input, selection.path, selection.search ? 1 : selection.page)
}

/** No backend page name is this long; such a URL is a 404, not a failed lookup. */
const MAX_PAGE_NAME = 500

export async function loadPage(queryClient: QueryClient, input: PageInput, path: string, listPage = 1): Promise<PageLoaderData> {
  if (input.pageName.length > MAX_PAGE_NAME) throw notFound()
  const [data, layout] = await Promise.all([
    queryClient.ensureQueryData(pageQueryOptions(input)),
    queryClient.ensureQueryData(layoutQueryOptions({ locale: input.locale, path })),
  ])
  const isListing = !data.page.search && (data.page.kind === 'blog' || data.page.kind === 'category')
  if (isListing) await queryClient.ensureInfiniteQueryData(postListQueryOptions(listingFilter(data.page, input.locale), listPage))
  return {
    input,
    layout: data.page.layout === 'static' ? 'static' : layout.layout,
    head: headInputFor(data, input, path),
    listPage,
  }
}

export function headInputFor(data: PageData, input: PageInput, path: string): HeadInput {
  const { page, options } = data
  return {
    meta: page.meta,
    options: { organizationName: options.organizationName, logoUrl: options.logoUrl, siteUrl: options.siteUrl },
    locale: input.locale,
    path,
    languages: page.languages,
    breadcrumbs: page.breadcrumbs,
    schema: page.schema,
    // Only what the head needs: the article body stays out of the loader data.
    post: page.post
      ? {
          title: page.post.title,
          date: page.post.date,
          modified: page.post.modified,
          author: page.post.author,
          featuredImage: page.post.featuredImage,
        }
      : null,
    // Search results and previews are never indexed (DESIGN.md); pages may say so themselves.
    noindex: Boolean(input.search || input.previewId),
  }
}

export function pageHead(loaderData: PageLoaderData | undefined) {
  // Without data (an error screen) the root's title, the product name, stands.
  if (!loaderData) return {}
  return buildHead(loaderData.head)
}

export function PageRouteView({ loaderData }: { loaderData: PageLoaderData }) {
  const { data } = useSuspenseQuery(pageQueryOptions(loaderData.input))
  return <PageScreen data={data} layout={loaderData.layout} locale={loaderData.input.locale} listPage={loaderData.listPage} />
}
