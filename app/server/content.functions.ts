/**
 * Server functions for content, with their query options (STYLE.md: per resource, the
 * createServerFn and an xxxQueryOptions() factory with layered keys). Routes call these;
 * nothing in a route fetches by itself.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { routedLocales } from '../../app.config'
import { contentUnavailable, INTERNAL_ERROR } from '../lib/errors'
import { getContentSource } from './content/index.server'
import { env } from './env.server'
import { verifyPreview } from '../content/preview-token.server'
import { ContentNotFoundError, ContentUnavailableError } from './content/source'

const locale = z.enum(routedLocales)
const slugLike = z.string().trim().min(1).max(200)

/** Turns backend failures into what the router understands; nothing else leaves the server. */
function routerError(error: unknown): never {
  if (error instanceof ContentNotFoundError) throw notFound({ data: error.frame })
  if (error instanceof ContentUnavailableError) throw contentUnavailable()
  console.error('[content] unexpected error', error)
  throw new Error(INTERNAL_ERROR)
}

const pageInput = z.object({
  locale,
  pageName: z.string().trim().min(1).max(500),
  category: slugLike.optional(),
  search: z.string().max(200).optional(),
  searchPage: z.number().int().min(1).max(1000).optional(),
  previewId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  previewExpires: z.string().max(20).optional(),
  previewToken: z.string().max(128).optional(),
  dev: z.boolean().optional(),
})
export type PageInput = z.infer<typeof pageInput>

export const fetchPage = createServerFn({ method: 'GET' })
  .validator(pageInput)
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

export const pageQueryOptions = (input: PageInput) =>
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

const layoutInput = z.object({ locale, path: z.string().max(500) })

export const fetchLayout = createServerFn({ method: 'GET' })
  .validator(layoutInput)
  .handler(async ({ data }) => {
    const answer = await getContentSource().getLayout(data.path, data.locale)
    return { layout: answer.layout === 'static' ? ('static' as const) : ('default' as const) }
  })

export const layoutQueryOptions = (input: z.infer<typeof layoutInput>) =>
  queryOptions({
    queryKey: ['content', 'layout', input.locale, input.path],
    queryFn: () => fetchLayout({ data: input }),
  })

const postsInput = z.object({
  locale,
  page: z.number().int().min(1).max(10_000).optional(),
  tag: z.string().max(50).optional(),
  category: z.string().max(200).optional(),
  search: z.string().max(200).optional(),
  perPage: z.number().int().min(1).max(50).optional(),
})

export const fetchPosts = createServerFn({ method: 'GET' })
  .validator(postsInput)
  .handler(async ({ data }) => getContentSource().getPosts(data))

export type PostsInput = z.infer<typeof postsInput>

export const postsQueryOptions = (input: PostsInput) =>
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
export const postListQueryOptions = (input: Omit<PostsInput, 'page'>, startPage: number) =>
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

const tagInput = z.object({ locale, slug: slugLike })

export const fetchTagId = createServerFn({ method: 'GET' })
  .validator(tagInput)
  .handler(async ({ data }) => getContentSource().getTagId(data.slug, data.locale))

export const tagIdQueryOptions = (input: z.infer<typeof tagInput>) =>
  queryOptions({
    queryKey: ['content', 'tag-id', input.locale, input.slug],
    queryFn: () => fetchTagId({ data: input }),
  })

const popupInput = z.object({ locale, id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })

export const fetchPopup = createServerFn({ method: 'GET' })
  .validator(popupInput)
  .handler(async ({ data }) => {
    try {
      return await getContentSource().getPopup(data.id, data.locale)
    } catch (error) {
      routerError(error)
    }
  })

export const popupQueryOptions = (input: z.infer<typeof popupInput>) =>
  queryOptions({
    queryKey: ['content', 'popup', input.locale, input.id],
    queryFn: () => fetchPopup({ data: input }),
  })
