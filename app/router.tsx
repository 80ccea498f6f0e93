import { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFoundScreen, RouteErrorScreen } from './components/error-screen'
import { withoutTrailingSlash } from './lib/public-href'
import { deLocalizeUrl, localizeUrl } from './paraglide/runtime'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // Content changes on the scale of minutes; the server cache keeps it fresh.
        staleTime: 60_000,
        // The router decides what a failed load means (404, 503); retrying hides that.
        retry: false,
        refetchOnWindowFocus: false,
        // A cached or prerendered page carries the data it was rendered with: hydrating it
        // must not fetch it again. Loaders refresh stale data when a visitor navigates.
        refetchOnMount: false,
      },
    },
  })

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Query strings stay plain strings (`?p=12&dev=true`), as WordPress links write them;
    // the router's JSON default would rewrite them and redirect.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith((value) => String(value)),
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    // Routes are written without the locale; `/de/...` maps onto them and links get it back.
    rewrite: {
      input: ({ url }) => deLocalizeUrl(url),
      output: ({ url }) => withoutTrailingSlash(localizeUrl(url)),
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
