/**
 * Every content request the routes' loaders, the screens and the overlays make. Their server
 * functions (content.functions.ts, with zod validators and Start's RPC client) load on the first
 * fetch the browser makes, not with the page: hydration reads the data the server rendered.
 * What a loader returns, the router keeps and refreshes (decision 045, app/router.tsx).
 */
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

export const requestPage = async (input: PageQuery) => (await functions()).fetchPage({ data: input })

export const requestLayout = async (input: LayoutQuery) => (await functions()).fetchLayout({ data: input })

/** One page of a blog list (requirements §4: "Load more" appends the next). */
export const requestPosts = async (filter: PostsFilter, page: number) => (await functions()).fetchPosts({ data: { ...filter, page } })

export const requestTagId = async (input: z.infer<typeof tagQuerySchema>) => (await functions()).fetchTagId({ data: input })

export const requestPopup = async (input: z.infer<typeof popupQuerySchema>) => (await functions()).fetchPopup({ data: input })

export const requestPublicEnv = async () => (await site()).fetchPublicEnv()
