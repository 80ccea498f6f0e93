/**
 * The query options of every content query (layered keys: CONTRIBUTING.md, How the code reads), read by the routes'
 * loaders and the components. Their server functions (content.functions.ts, with zod
 * validators and Start's RPC client) load on the first fetch the browser makes, not with
 * the page: hydration reads the data the server rendered.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { LayoutQuery, PageQuery, PostsFilter, popupQuerySchema, tagQuerySchema } from './contract/queries'

/** Each module is imported once; later calls reuse the promise (the server renders many pages). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      // A chunk that failed to load (a network blip in the browser) is tried again next time.
      loading = undefined
      throw error
    }))
}

const functions = once(() => import('./server/content/content.functions'))
const site = once(() => import('./server/content/site.functions'))

export const pageQueryOptions = (input: PageQuery) =>
  queryOptions({
    queryKey: [
      'content',
      'page',
      input.locale,
      input.pageName,
      input.category ?? '',
      input.search ?? '',
      input.searchPage ?? 1,
      input.previewId ?? '',
      input.previewToken ?? '',
      input.dev ?? false,
    ],
    queryFn: async () => (await functions()).fetchPage({ data: input }),
  })

export const layoutQueryOptions = (input: LayoutQuery) =>
  queryOptions({
    queryKey: ['content', 'layout', input.locale, input.path],
    queryFn: async () => (await functions()).fetchLayout({ data: input }),
  })

/**
 * Requirements §4: blog lists are replaced (first page, or a new tag or category) or appended
 * (load more). One infinite query per list, starting at the page the URL asks for.
 */
export const postListQueryOptions = (input: PostsFilter, startPage: number) =>
  infiniteQueryOptions({
    queryKey: [
      'content',
      'post-list',
      input.locale,
      input.tag ?? '',
      input.category ?? '',
      input.search ?? '',
      input.perPage ?? 0,
      input.type ?? '',
      startPage,
    ],
    queryFn: async ({ pageParam }) => (await functions()).fetchPosts({ data: { ...input, page: pageParam } }),
    initialPageParam: startPage,
    getNextPageParam: (last) =>
      last.pagination && last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  })

export const tagIdQueryOptions = (input: z.infer<typeof tagQuerySchema>) =>
  queryOptions({
    queryKey: ['content', 'tag-id', input.locale, input.slug],
    queryFn: async () => (await functions()).fetchTagId({ data: input }),
  })

export const popupQueryOptions = (input: z.infer<typeof popupQuerySchema>) =>
  queryOptions({
    queryKey: ['content', 'popup', input.locale, input.id],
    queryFn: async () => (await functions()).fetchPopup({ data: input }),
  })

export const publicEnvQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'public-env'], queryFn: async () => (await site()).fetchPublicEnv(), staleTime: Infinity })
