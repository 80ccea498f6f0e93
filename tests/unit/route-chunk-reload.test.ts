/**
 * TanStack Router's lazy route component without its own reload in the browser's build
 * (scripts/vite-route-chunk-reload-plugin.ts, docs/decisions/062): a route chunk that failed
 * to load is thrown to the route's error component, which reloads by the site's rule.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withoutRouterOwnReload } from '../../scripts/vite-route-chunk-reload-plugin'

const require = createRequire(import.meta.url)
// The ES module build, as the browser's build bundles it.
const packageDir = path.dirname(require.resolve('@tanstack/react-router/package.json'))
const published = readFileSync(path.join(packageDir, 'dist/esm/lazyRouteComponent.js'), 'utf8')

describe("the router's lazy route component in the browser's build", () => {
  it('no longer reloads by itself, and throws the load error on', () => {
    expect(published).toContain('window.location.reload()')
    const patched = withoutRouterOwnReload(published)
    expect(patched).not.toContain('window.location.reload()')
    expect(patched).not.toContain('tanstack_router_reload')
    // What is left of the failed branch: the error, thrown to the route's error component.
    expect(patched).toMatch(/if \(error\) \{\s*throw error;\s*\}/)
  })

  it('stops the build when an upgrade changed the code it removes', () => {
    expect(() => withoutRouterOwnReload(published.replace('tanstack_router_reload:', 'tsr_reload:'))).toThrow(/own reload .* not found/)
  })
})
