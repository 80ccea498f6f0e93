/**
 * TanStack Router's lazy route component reloads the page by itself when its chunk failed to
 * load: once per error message in a session, offline too, and outside the site's minute guard.
 * The browser's production build takes that reload out, so the error reaches the route's error
 * component (`RouteErrorScreen`), which reloads by the site's one rule (app/ui/chunk-reload.ts:
 * once a minute at most, never while offline; docs/decisions/062). Development builds keep it
 * (Vite serves the router pre-bundled there). The build stops if a TanStack Router upgrade
 * changes the code this removes.
 */
import { browserModulePatch } from './vite-module-patch.ts'

const LAZY_ROUTE_COMPONENT = /[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]lazyRouteComponent\.js$/
const OWN_RELOAD =
  /if \(isModuleNotFoundError\(error\)[^{]*\{\s*const storageKey = `tanstack_router_reload:\$\{error\.message\}`;\s*if \(!sessionStorage\.getItem\(storageKey\)\) \{\s*sessionStorage\.setItem\(storageKey, "1"\);\s*window\.location\.reload\(\);\s*throw new Promise\(\(\) => \{\}\);\s*\}\s*\}/

/** The router's lazyRouteComponent module without its own reload; throws when the reload is not there. */
export function withoutRouterOwnReload(code: string): string {
  if (!OWN_RELOAD.test(code))
    throw new Error(
      'TanStack Router lazyRouteComponent: its own reload (`tanstack_router_reload:`) not found (scripts/vite-route-chunk-reload-plugin.ts)',
    )
  return code.replace(OWN_RELOAD, '')
}

export const routeChunkReloadBySiteRule = () =>
  browserModulePatch({ name: 'route-chunk-reload-by-site-rule', id: LAZY_ROUTE_COMPONENT, patch: withoutRouterOwnReload, apply: 'build' })
