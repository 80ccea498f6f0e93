/**
 * Server functions for content, with their query options (STYLE.md: per resource, the
 * createServerFn and an xxxQueryOptions() factory with layered keys). Routes call these;
 * nothing in a route fetches by itself.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import type { z } from 'zod'
import {
  layoutQuerySchema,
  pageQuerySchema,
  popupQuerySchema,
  postsQuerySchema,
  tagQuerySchema,
  type LayoutQuery,
  type PageQuery,
  type PostsFilter,
  type PostsQuery,
} from '../content/queries'
import { contentUnavailable, INTERNAL_ERROR } from '../lib/errors'
import { getContentSource } from './content/content-source.server'
import { env } from './env.server'
import { verifyPreview } from '../content/preview-token.server'
import { ContentNotFoundError, ContentUnavailableError } from './content/source.server'

/** Turns backend failures into what the router understands; nothing else leaves the server. */
function routerError(error: unknown): never {
  if (error instanceof ContentNotFoundError) throw notFound({ data: error.frame })
  if (error instanceof ContentUnavailableError) throw contentUnavailable()
  console.error('[content] unexpected error', error)
  throw new Error(INTERNAL_ERROR)
}

export const fetchPage = createServerFn({ method: 'GET' })
  .validator(pageQuerySchema)
  .handler(async ({ data }) => {
    // A preview without a valid signed token is the public page (or 404 for a draft).
    const preview =
      data.previewId &&
      verifyPreview(
        { id: data.previewId, expires: data.previewExpires ?? '', token: data.previewToken ?? '' },
        env.PREVIEW_SECRET,
        Math.floor(Date.now() / 1000),
      )
    const query = preview ? data : { ...data, previewId: undefined, previewExpires: undefined, previewToken: undefined }
    try {
      return await getContentSource().getPage(query)
    } catch (error) {
      routerError(error)
    }
  })

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
    queryFn: () => fetchPage({ data: input }),
  })

export const fetchLayout = createServerFn({ method: 'GET' })
  .validator(layoutQuerySchema)
  .handler(async ({ data }) => {
    const answer = await getContentSource().getLayout(data.path, data.locale)
    return { layout: answer.layout === 'static' ? ('static' as const) : ('default' as const) }
  })

export const layoutQueryOptions = (input: LayoutQuery) =>
  queryOptions({
    queryKey: ['content', 'layout', input.locale, input.path],
    queryFn: () => fetchLayout({ data: input }),
  })

export const fetchPosts = createServerFn({ method: 'GET' })
  .validator(postsQuerySchema)
  .handler(async ({ data }) => getContentSource().getPosts(data))

export const postsQueryOptions = (input: PostsQuery) =>
  queryOptions({
    queryKey: [
      'content',
      'posts',
      input.locale,
      input.tag ?? '',
      input.category ?? '',
      input.search ?? '',
      input.page ?? 1,
      input.perPage ?? 0,
    ],
    queryFn: () => fetchPosts({ data: input }),
  })

/**
 * SPEC §4: blog lists are replaced (first page, or a new tag or category) or appended
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
      startPage,
    ],
    queryFn: ({ pageParam }) => fetchPosts({ data: { ...input, page: pageParam } }),
    initialPageParam: startPage,
    getNextPageParam: (last) =>
      last.pagination && last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  })

export const fetchTagId = createServerFn({ method: 'GET' })
  .validator(tagQuerySchema)
  .handler(async ({ data }) => getContentSource().getTagId(data.slug, data.locale))

export const tagIdQueryOptions = (input: z.infer<typeof tagQuerySchema>) =>
  queryOptions({
    queryKey: ['content', 'tag-id', input.locale, input.slug],
    queryFn: () => fetchTagId({ data: input }),
  })

export const fetchPopup = createServerFn({ method: 'GET' })
  .validator(popupQuerySchema)
  .handler(async ({ data }) => {
    try {
      return await getContentSource().getPopup(data.id, data.locale)
    } catch (error) {
      routerError(error)
    }
  })

export const popupQueryOptions = (input: z.infer<typeof popupQuerySchema>) =>
  queryOptions({
    queryKey: ['content', 'popup', input.locale, input.id],
    queryFn: () => fetchPopup({ data: input }),
  })
