import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import optimizeLocales from '@react-aria/optimize-locales-plugin'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { parseEnvOrExit } from './app/config/env.ts'
import { routedLocales } from './app/config/site.ts'
import { paraglideOptions } from './paraglide.options.ts'
import { base64Modules } from './scripts/vite-base64-plugin.ts'
import { devFirstRun } from './scripts/vite-dev-first-run-plugin.ts'
import { fontSubsets } from './scripts/vite-font-subsets-plugin.ts'
import { imageSizes } from './scripts/vite-image-sizes-plugin.ts'
import { chunkMap } from './scripts/chunks/chunk-map-plugin.ts'
import { rolldownGroups } from './scripts/chunks/groups.ts'
import { formDevtoolsOffInProduction } from './scripts/vite-form-devtools-off-plugin.ts'
import { routeChunkReloadBySiteRule } from './scripts/vite-route-chunk-reload-plugin.ts'
import { reactStringPieces } from './scripts/vite-react-string-pieces-plugin.ts'
import {
  reactAriaCollatorOnFirstUse,
  reactAriaDirectionWithoutLikelySubtags,
  reactAriaListFormatOnFirstUse,
  reactAriaLocaleCheckWithoutIcuList,
} from './scripts/vite-react-aria-locale-plugin.ts'
import { serverFnFetcherOnDemand } from './scripts/vite-server-fn-fetcher-plugin.ts'
import { deployTarget, platformBuild, publicFileCacheControl, publicFilePaths, serverPlugins } from './scripts/deploy/targets.ts'

// A bad environment variable stops `vite dev` and `vite build` at once, naming it.
const env = parseEnvOrExit()
// DEPLOY_TARGET: the Node server (default), Netlify or Vercel (docs/deploy.md).
const target = deployTarget()

/**
 * The browser never calls Paraglide's URL functions (app/router.tsx reads the locale from
 * the URL with lib/url's rule, lib/public-href.ts localizes links), so the URLPattern
 * polyfill its runtime imports is left out of the browser's bundle (about 8 KB brotli).
 */
const noUrlPatternPolyfillInTheBrowser: Plugin = {
  name: 'no-urlpattern-polyfill-in-the-browser',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId: (id) => (id === '@inlang/paraglide-js/urlpattern-polyfill' ? '\0no-urlpattern-polyfill' : undefined),
  load: (id) => (id === '\0no-urlpattern-polyfill' ? 'export {}' : undefined),
}

/**
 * For the same reason the browser's copy of Paraglide's runtime starts with a `getLocale`
 * that only says it was not replaced: its own reads the URL through the strategies and
 * URL patterns, about 2 KB brotli the browser never runs, since app/router.tsx replaces it
 * before anything renders. The build stops if a Paraglide upgrade changes that line.
 */
const browserGetLocaleIsTheRouters: Plugin = {
  name: 'browser-get-locale-is-the-routers',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform: {
    filter: { id: /[\\/]app[\\/]paraglide[\\/]runtime\.js$/ },
    handler(code) {
      const start = code.indexOf('export let getLocale = () => {')
      if (start === -1) this.error('Paraglide runtime: `export let getLocale = () => {` not found (vite.config.ts)')
      let depth = 0
      let end = code.indexOf('{', start)
      for (; end < code.length; end++) {
        if (code[end] === '{') depth++
        else if (code[end] === '}' && --depth === 0) break
      }
      const replacement = `export let getLocale = () => {
    throw new Error('getLocale() ran before app/router.tsx replaced it')
}`
      return { code: code.slice(0, start) + replacement + code.slice(end + 1), map: null }
    },
  },
}

export default defineConfig({
  server: { port: env.PORT, host: env.HOST, strictPort: true },
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // For profiling: `BUILD_SOURCEMAP=1 npm run build` writes source maps next to the chunks
        // without referencing them from the code (Chromium traces name minified functions).
        sourcemap: process.env.BUILD_SOURCEMAP === '1' ? 'hidden' : false,
        rolldownOptions: {
          output: {
            // The chunk groups follow the folders (scripts/chunks/groups.ts, which says why each
            // exists); `npm run check:chunks` fails when a module lands in another chunk.
            codeSplitting: { groups: rolldownGroups(import.meta.dirname) },
          },
        },
      },
    },
  },
  plugins: [
    // Dev only: compiled messages before the first request, and no failed entry kept (the plugin's file says why).
    devFirstRun({ paraglide: paraglideOptions, sourceDir: 'app' }),
    // The embedded CMS's image sizes, written into public/ before it is served or copied (decision 030).
    imageSizes(),
    // Inter in two files per weight, written into app/fonts/ before any CSS is read (decision 055).
    fontSubsets(import.meta.dirname),
    // Which module each browser chunk holds, for npm run check:chunks.
    chunkMap(import.meta.dirname),
    base64Modules(),
    noUrlPatternPolyfillInTheBrowser,
    browserGetLocaleIsTheRouters,
    // Patches to dependencies in the browser's build: React Aria's locale check without ICU's
    // locale list, TanStack Form's devtools client off in production (docs/decisions/040),
    // React Aria's text direction without ICU's likely subtags (docs/decisions/061), its
    // collator and list format made on first use (docs/decisions/067), and
    // TanStack Router's own reload for a route chunk left to the site's rule (docs/decisions/062).
    // React Aria's own strings (a date picker's, a dialog's) in the routed locales only, not its
    // thirty-odd: the browser's chunks of forms and overlays carried every one; check:chunks fails when
    // another locale's strings are in them, or a routed one's are not (docs/decisions/071).
    optimizeLocales.vite({ locales: [...routedLocales] }),
    reactAriaLocaleCheckWithoutIcuList(),
    reactAriaDirectionWithoutLikelySubtags(),
    reactAriaCollatorOnFirstUse(),
    reactAriaListFormatOnFirstUse(),
    formDevtoolsOffInProduction(),
    routeChunkReloadBySiteRule(),
    // The server's page renderer takes React's markup in pieces, never one string (docs/decisions/063).
    reactStringPieces(),
    serverFnFetcherOnDemand(),
    paraglideVitePlugin(paraglideOptions),
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'app',
      // TanStack Start's import protection, the second line of defence behind `npm run
      // check:imports` (rule c): the client build fails when a *.server.* file, the embedded
      // CMS or a Node built-in survives tree-shaking in it. Dev only warns and mocks.
      importProtection: {
        behavior: { dev: 'mock', build: 'error' },
        client: { files: ['**/*.server.*', '**/cms/**'], specifiers: [/^node:/] },
      },
    }),
    // Static assets are also stored gzip- and brotli-compressed, and served so to browsers that accept it.
    serverPlugins(target, {
      plugins: ['./app/server/startup.nitro.ts', './app/server/http/edge.nitro.ts'],
      compressPublicAssets: { gzip: true, brotli: true },
      // Hashed assets (/assets/**) are immutable (Nitro's own rule); the other public files may change between deploys.
      routeRules: Object.fromEntries(publicFilePaths.map((path) => [path, { headers: { 'cache-control': publicFileCacheControl } }])),
    }),
    platformBuild(target, { root: import.meta.dirname, contentDir: env.CMS_CONTENT_DIR, contentApiUrl: env.CONTENT_API_URL }),
    viteReact(),
  ],
})
