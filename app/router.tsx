import { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFoundScreen, RouteErrorScreen } from './components/error-screen'
import { publicUrl, routeUrl } from './lib/public-href'
import { stripLocale } from './lib/url'
import { overwriteGetLocale } from './paraglide/runtime'
import { routeTree } from './routeTree.gen'

// In the browser the locale is the URL's (decision 001), read by lib/url's rule: Paraglide's
// own URL strategy would need URLPattern, which the first load does without (vite.config.ts).
if (typeof window !== 'undefined') overwriteGetLocale(() => stripLocale(window.location.pathname).locale)

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
      input: ({ url }) => routeUrl(url),
      output: ({ url }) => publicUrl(url),
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
