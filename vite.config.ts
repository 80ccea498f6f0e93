import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { parseEnvOrExit } from './app/config/env.ts'
import { paraglideOptions } from './paraglide.options.ts'
import { base64Modules } from './scripts/vite-base64-plugin.ts'
import { devFirstRun } from './scripts/vite-dev-first-run-plugin.ts'
import { imageSizes } from './scripts/vite-image-sizes-plugin.ts'
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

/** Modules every page's first render uses (the frame, header, footer, consent state, islands, helpers). */
const firstLoadShell =
  /[\\/]app[\\/](components[\\/](shell[\\/][^\\/]+\.tsx?$|consent[\\/]consent-(ui|state)\.tsx$|ui[\\/](PlainButton|button-styles)|icons|island|lazy|page-frame|page-islands|media[\\/]image|cms-link)|sections[\\/]registry|content[\\/]page-name|server[\\/]content\.queries|lib[\\/](seo|listing)\.ts$|routes[\\/]-page-route)/

/**
 * React Query's `useSuspenseQuery`, with which every screen reads its page: with the shell, else the first
 * screen's group that imports it (the sections') would take it and its observer, and the blog's screens load that.
 */
const screensReadThePageWith = /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/].*[\\/]useSuspenseQuery\.js$/

/**
 * The screen of pages made of sections (home, pages, landing pages), which the blog's routes do not render.
 * The sections' registry stays in the shell: moved here, the list of every section's chunks its lazy
 * imports carry was written in both chunks (about 0.4 KB more for the pages, 0.7 KB less for the blog).
 */
const sectionsScreen =
  /[\\/]app[\\/](components[\\/](page-screen|sections-content)\.tsx|sections[\\/](render-sections|reveal|page-context)\.tsx?)$/

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
            // Code only the lazily loaded parts use stays with them: zod comes with the forms, never
            // merged into a chunk every page loads (the first-load budget of requirements §11.1, npm run size).
            codeSplitting: {
              groups: [
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
                // The shell every page renders, in one chunk rather than thirty small ones: each
                // chunk costs its own import and export lines, and one file compresses better.
                { name: 'shell', test: (id) => firstLoadShell.test(id) || screensReadThePageWith.test(id) },
                // A separate chunk costs a page of sections about 0.5 KB; the blog's pages save 0.8 KB.
                { name: 'sections', test: sectionsScreen },
                // The blog routes' first loads: the screen, and an article's or a listing's content.
                // (With the one message both an article and a card show, so neither pulls in the other's chunk.)
                {
                  name: 'blog',
                  test: /[\\/]app[\\/](components[\\/]blog[\\/](blog-screen|format)\.tsx?|paraglide[\\/]messages[\\/]blog_reading_time\.js)$/,
                },
                // A listing's cards stay out of an article's first load.
                { name: 'listing', test: /[\\/]app[\\/]components[\\/]blog[\\/](post-listing|post-card)\.tsx$/ },
                { name: 'article', test: /[\\/]app[\\/]components[\\/]blog[\\/](article|comments)\.tsx$/ },
              ],
            },
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
    base64Modules(),
    noUrlPatternPolyfillInTheBrowser,
    browserGetLocaleIsTheRouters,
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
