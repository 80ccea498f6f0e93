import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'
import { parseEnvOrExit, siteConfig } from './app.config.ts'
import { paraglideOptions } from './paraglide.options.ts'

// A bad environment variable stops `vite dev` and `vite build` at once, naming it.
const env = parseEnvOrExit()

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

export default defineConfig({
  server: { port: env.PORT, host: env.HOST, strictPort: true },
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Code only the lazily loaded parts use stays with them: zod comes with the forms, never
            // merged into a chunk every page loads (issue 13's first-load budget, npm run size).
            codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
          },
        },
      },
    },
  },
  plugins: [
    noUrlPatternPolyfillInTheBrowser,
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
    nitro({
      plugins: ['./app/server/startup.nitro.ts'],
      compressPublicAssets: { gzip: true, brotli: true },
      // Hashed assets (/assets/**) are immutable (Nitro's own rule); the other public files may change between deploys.
      routeRules: Object.fromEntries(
        ['/images/**', '/icons/**', '/favicon.svg', '/logo.svg', '/manifest.webmanifest'].map((path) => [
          path,
          {
            headers: {
              'cache-control': `public, max-age=${siteConfig.cache.publicFileMaxAgeSeconds}, stale-while-revalidate=${siteConfig.cache.cdnStaleSeconds}`,
            },
          },
        ]),
      ),
    }),
    viteReact(),
  ],
})
