/**
 * The browser's side of server functions (TanStack Start's `serverFnFetcher`, with seroval's
 * serializer and its frame decoder: about 9 KB brotli) loads with the first server function
 * call instead of with the page: the first page's data comes in its HTML, and the first call
 * is a navigation or a route preload. It is fetched and run when the browser is first idle
 * after the page started (at the latest after 3 s), so a first navigation does not wait for it.
 * A failed load is tried again by the next call. Production builds only. The build stops if a
 * TanStack upgrade moves the import this replaces (docs/decisions/023).
 */
import type { Plugin } from 'vite'

const serverFnFetcherOnDemandId = '\0server-fn-fetcher-on-demand'
/** The preload waits for the browser's first idle moment at most this long. */
const SERVER_FN_FETCHER_PRELOAD_TIMEOUT_MS = 3000
export function serverFnFetcherOnDemand(): Plugin {
  let replaced = false
  return {
    name: 'server-fn-fetcher-on-demand',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer) {
      if (
        source !== './serverFnFetcher.js' ||
        !importer ||
        !/[\\/]start-client-core[\\/]dist[\\/]esm[\\/]client-rpc[\\/]createClientRpc\.js$/.test(importer)
      )
        return undefined
      const real = await this.resolve(source, importer, { skipSelf: true })
      if (!real) return undefined
      replaced = true
      return `${serverFnFetcherOnDemandId}?${real.id}`
    },
    load(id) {
      if (!id.startsWith(serverFnFetcherOnDemandId)) return undefined
      const real = JSON.stringify(id.slice(serverFnFetcherOnDemandId.length + 1))
      return `let loading
const load = () =>
  (loading ??= import(${real}).catch((error) => {
    loading = undefined
    throw error
  }))
const preload = () => void load().catch(() => {})
if (typeof requestIdleCallback === 'function') requestIdleCallback(preload, { timeout: ${SERVER_FN_FETCHER_PRELOAD_TIMEOUT_MS} })
else setTimeout(preload, ${SERVER_FN_FETCHER_PRELOAD_TIMEOUT_MS})
export const serverFnFetcher = (...args) => load().then((module) => module.serverFnFetcher(...args))`
    },
    buildEnd() {
      if (!replaced)
        this.error("TanStack Start's createClientRpc no longer imports './serverFnFetcher.js' (scripts/vite-server-fn-fetcher-plugin.ts)")
    },
  }
}
