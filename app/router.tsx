import './lib/zod-jitless'
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import { getGlobalStartContext } from '@tanstack/react-start'
import { NotFoundScreen, RouteErrorScreen } from './components/error-screen'
import { keepShownPage } from './routes/-page-route'
import { currentConnection, politePreload } from './lib/prefetch'
import { publicUrl, routeUrl } from './lib/public-href'
import { builtInItsOwnTask } from './lib/tasks'
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

/**
 * The router for one request on the server, and for the page in the browser.
 *
 * In the browser it is built in a task of its own, and TanStack Start's hydration of it (which
 * awaits this) runs in the task after. With React's render step that calls this, they were one
 * task of 8–9 ms on a fast machine: about 80 ms on Lighthouse's throttled phone, where a task
 * longer than 50 ms counts as blocking time (docs/decisions/056-router-set-up-in-two-tasks.md).
 */
export function getRouter(): AppRouter | Promise<AppRouter> {
  return typeof window === 'undefined' ? createAppRouter() : builtInItsOwnTask(createAppRouter)
}

function createAppRouter() {
  const hydratedOnce = firstRenderSeen()
  // A page rendered for one request stamps that request's CSP nonce on every inline script
  // (app/server.ts); in the browser the router reads it back from the page.
  const nonce = typeof window === 'undefined' ? (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce : undefined
  const router = createRouter({
    routeTree,
    ssr: nonce ? { nonce } : undefined,
    // The router keeps what the loaders return (decision 045). Content changes on the scale of
    // minutes and the server's caches keep it fresh: a page loaded or prefetched in the last
    // minute shows without a request; an older one shows at once and is refreshed in the
    // background. A cached or prerendered page carries the data it was rendered with, and
    // hydrating it fetches nothing. The router counts a page's age from when its data was
    // loaded, not from when it was left: a page is kept 30 minutes from its load (a prefetch
    // that was never shown, 5), so Back to a page read for a while still shows it at once.
    defaultStaleTime: 60_000,
    defaultPreloadStaleTime: 60_000,
    defaultGcTime: 30 * 60_000,
    defaultPreloadGcTime: 5 * 60_000,
    // Requirements §9: links are prefetched as they come into view, at idle time and not on slow
    // connections (politePreload below).
    defaultPreload: 'viewport',
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
    // The page being left is kept, should a later refresh of it fail (routes/-page-route.tsx).
    router.subscribe('onBeforeNavigate', () => {
      for (const match of router.state.matches) keepShownPage(match.loaderData)
    })
  }
  return router
}

type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
