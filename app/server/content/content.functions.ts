/**
 * Server functions for content. Their requests (CONTRIBUTING.md, How the code reads) are in
 * app/content-requests.ts, which loads this module only when the browser first fetches
 * (a navigation, a preload): hydrating a page needs none of it (the first-load budget, requirements §11.1).
 */
import { notFound, redirect } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { layoutQuerySchema, pageQuerySchema, popupQuerySchema, postsQuerySchema, tagQuerySchema } from '../../contract/queries'
import { contentUnavailable, INTERNAL_ERROR, TOO_MANY_REQUESTS } from '../../lib/errors'
import { loggableError } from '../../lib/log-redaction'
import { rateLimit } from '../http/abuse.server'
import { getRequest } from '@tanstack/react-start/server'
import { getContentSource } from './get-content-source.server'
import { redirectFor, redirectForPage } from './redirects.server'
import { env } from '../env.server'
import { verifyPreview } from '../../contract/preview-token.server'
import { ContentNotFoundError, ContentUnavailableError, type BackendPageQuery, type ContentSource } from './content-source.server'

/** Turns backend failures into what the router understands; nothing else leaves the server. */
function routerError(error: unknown): never {
  if (error instanceof ContentNotFoundError) throw notFound({ data: error.frame })
  if (error instanceof ContentUnavailableError) throw contentUnavailable()
  console.error(`[content] unexpected error: ${loggableError(error)}`)
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
    const requestUrl = new URL(getRequest().url)
    const fromBrowser = requestUrl.pathname.startsWith('/_serverFn/')
    const query: BackendPageQuery = {
      ...(preview ? data : { ...data, previewId: undefined, previewExpires: undefined, previewToken: undefined }),
      // Requirements §7: `extra=style` on the base call when the page is rendered on the server.
      extra: fromBrowser ? undefined : 'style',
    }
    // A search from the browser (the server entry limits the ones that arrive as pages).
    if (data.search && fromBrowser && (await rateLimit('search'))) throw new Error(TOO_MANY_REQUESTS)
    // The editor's redirects (docs/decisions/025). A navigation in the browser arrives here by
    // the page's name. A page request had its redirect answered by the server entry, from its
    // whole URL; what renders here may be the cache's copy of that URL without its other
    // parameters, so only "gone" is taken from it.
    const decision = fromBrowser
      ? await redirectForPage(requestUrl.origin, data.pageName, data.locale)
      : await redirectFor(requestUrl).then((found) => (found?.kind === 'gone' ? found : null))
    if (decision?.kind === 'redirect') throw redirect({ href: decision.location, statusCode: decision.status })
    let page: Awaited<ReturnType<ContentSource['getPage']>>
    try {
      page = await getContentSource().getPage(query)
    } catch (error) {
      routerError(error)
    }
    // Gone (410 at the server entry): the error screen, with the site's menus.
    if (decision?.kind === 'gone') throw notFound({ data: { menus: page.menus, options: page.options } })
    return page
  })

export const fetchLayout = createServerFn({ method: 'GET' })
  .validator(layoutQuerySchema)
  .handler(async ({ data }) => {
    const answer = await getContentSource().getLayout(data.path, data.locale)
    return { layout: answer.layout === 'static' ? ('static' as const) : ('default' as const) }
  })

export const fetchPosts = createServerFn({ method: 'GET' })
  .validator(postsQuerySchema)
  .handler(async ({ data }) => getContentSource().getPosts(data))

export const fetchTagId = createServerFn({ method: 'GET' })
  .validator(tagQuerySchema)
  .handler(async ({ data }) => getContentSource().getTagId(data.slug, data.locale))

export const fetchPopup = createServerFn({ method: 'GET' })
  .validator(popupQuerySchema)
  .handler(async ({ data }) => {
    try {
      return await getContentSource().getPopup(data.id, data.locale)
    } catch (error) {
      routerError(error)
    }
  })
