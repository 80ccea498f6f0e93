import { paraglideVitePlugin } from '@inlang/paraglide-js'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import { parseEnvOrExit, siteConfig } from './app.config.ts'
import { paraglideOptions } from './paraglide.options.ts'

// A bad environment variable stops `vite dev` and `vite build` at once, naming it.
const env = parseEnvOrExit()

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
