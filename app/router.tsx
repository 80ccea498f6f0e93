import './lib/zod-jitless'
import { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import { getGlobalStartContext } from '@tanstack/react-start'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFoundScreen, RouteErrorScreen } from './components/error-screen'
import { currentConnection, politePreload } from './lib/prefetch'
import { publicUrl, routeUrl } from './lib/public-href'
import { stripLocale } from './lib/url'
import { overwriteGetLocale } from './paraglide/runtime'
import { routeTree } from './routeTree.gen'

// In the browser the locale is the URL's (decision 001), read by lib/url's rule: Paraglide's
// own URL strategy would need URLPattern, which the first load does without (vite.config.ts).
if (typeof window !== 'undefined') overwriteGetLocale(() => stripLocale(window.location.pathname).locale)

/** False the first time it is asked in this page (the hydrating render), true after. */
function firstRenderSeen() {
  let seen = false
  return () => {
    const before = seen
    seen = true
    return before
  }
}

export function getRouter() {
  const hydratedOnce = firstRenderSeen()
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

  // A page rendered for one request stamps that request's CSP nonce on every inline script
  // (app/server.ts); in the browser the router reads it back from the page.
  const nonce = typeof window === 'undefined' ? (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce : undefined
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ssr: nonce ? { nonce } : undefined,
    // Requirements §9: links are prefetched as they come into view, at idle time and not on slow
    // connections (politePreload below). A prefetch fills the query cache, whose staleTime
    // decides freshness; the router keeps no preloaded loader data of its own.
    defaultPreload: 'viewport',
    defaultPreloadStaleTime: 0,
    // The loading state of a navigation is the loading bar (shell/loading-bar.tsx), which
    // holds requirements §9.4's timing: nothing for an answer under 200 ms, and once shown
    // it stays long enough not to flash. No route has a pending component.
    // Not on the page's first render in the browser, which comes when it has hydrated: there the
    // router would scroll a fresh visit to the top (and a reload to where it was), long after
    // the server's inline script has already put the page where it belongs. On a slow phone a
    // visitor who began scrolling while the page hydrated was thrown back to the top. Every
    // later render (navigations, Back and Forward) is the router's as before.
    scrollRestoration: () => typeof window === 'undefined' || hydratedOnce(),
    // The router's own scrolls (to the top of a new page, back to where the visitor was) jump:
    // the document's smooth scrolling is for links within a page, and an animated scroll
    // across a page that is still growing stops short of the place it was meant to reach.
    scrollRestorationBehavior: 'instant',
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
  if (typeof window !== 'undefined') {
    // Link is the only caller of preloadRoute: every prefetch passes through the rules.
    router.preloadRoute = politePreload(router.preloadRoute, currentConnection)
  }
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
