/**
 * Where `vite build` builds for (docs/deploy.md, decision 015): `DEPLOY_TARGET=node` (the
 * default, `npm run build`), `netlify` (`npm run build:netlify`) or `vercel`
 * (`npm run build:vercel`). vite.config.ts asks this file for the server plugins of the
 * target; everything else in the build is the same for all three.
 *
 * - node: Nitro's node server in `.output/`, as always.
 * - netlify: Netlify's own TanStack Start plugin (it replaces Nitro): the browser's files in
 *   `dist/client` (the publish directory), the server in `dist/server`, and the function that
 *   runs it in `.netlify/v1/functions/server.mjs`.
 * - vercel: Nitro's `vercel` preset: the Build Output API's `.vercel/output/`.
 *
 * On a platform the embedded CMS runs in demo mode: the `content/` folder is bundled into
 * the function (app/server/platform/bundled-content.ts), and with CONTENT_API_URL set at
 * build time the CMS is not bundled at all.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nitro } from 'nitro/vite'
import type { Plugin, PluginOption } from 'vite'
import { siteConfig } from '../../app/config/site.ts'

export const deployTargets = ['node', 'netlify', 'vercel'] as const
export type DeployTarget = (typeof deployTargets)[number]

/** DEPLOY_TARGET, checked: a typo stops the build rather than building for the Node server. */
export function deployTarget(value: string | undefined = process.env.DEPLOY_TARGET): DeployTarget {
  const target = value?.trim() || 'node'
  if ((deployTargets as readonly string[]).includes(target)) return target as DeployTarget
  console.error(`\nDEPLOY_TARGET: must be ${deployTargets.join(', ')} (got "${target}")\n`)
  process.exit(1)
}

/** Where each target's output goes (scripts/prerender.ts, scripts/deploy/platform-output.ts, scripts/check-deploy.ts). */
export const outputLayout = {
  node: { serverEntry: '.output/server/index.mjs', prerendered: '.output/server/prerendered', static: '.output/public' },
  netlify: { serverEntry: 'dist/server/server.js', prerendered: 'dist/prerendered', static: 'dist/client' },
  vercel: {
    serverEntry: '.vercel/output/functions/__server.func/index.mjs',
    prerendered: '.vercel/prerendered',
    static: '.vercel/output/static',
  },
} as const satisfies Record<DeployTarget, { serverEntry: string; prerendered: string; static: string }>

const BUNDLED_CONTENT = /[\\/]app[\\/]server[\\/]platform[\\/]bundled-content\.ts$/
const CMS_ENTRY = /[\\/]cms[\\/]index\.ts$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
  )
}

/**
 * On Netlify and Vercel: the target is known to the server code (`import.meta.env.DEPLOY_TARGET`);
 * the content folder goes into the function as a module (written to the platform's
 * temporary directory when the function starts), or, with CONTENT_API_URL set at build
 * time, the embedded CMS is replaced by a stub that says so.
 */
export function platformBuild(
  target: DeployTarget,
  options: { root: string; contentDir: string; contentApiUrl: string | undefined },
): Plugin {
  const contentRoot = resolve(options.root, options.contentDir)
  return {
    name: 'kestrel-platform-build',
    config: () => ({ define: { 'import.meta.env.DEPLOY_TARGET': JSON.stringify(target) } }),
    load(id) {
      if (target === 'node') return undefined
      const file = id.split('?')[0] ?? id
      if (BUNDLED_CONTENT.test(file)) {
        if (options.contentApiUrl) return 'export const bundledContent = null'
        const files = Object.fromEntries(
          filesUnder(contentRoot).map((path) => [relative(contentRoot, path).split(sep).join('/'), readFileSync(path, 'utf8')]),
        )
        return `export const bundledContent = ${JSON.stringify(files)}`
      }
      if (options.contentApiUrl && CMS_ENTRY.test(file)) {
        const message = `This build has no embedded CMS: CONTENT_API_URL (${options.contentApiUrl}) was set when it was built. Set CONTENT_API_URL at run time too, or build without it.`
        return [
          `const absent = () => { throw new Error(${JSON.stringify(message)}) }`,
          'export const createEmbeddedCms = absent',
          'export const cmsOptionsFromEnv = absent',
        ].join('\n')
      }
      return undefined
    },
  }
}

/**
 * Files in public/ without a hash in their name: browsers and CDNs keep them a day (Nitro's
 * route rules on the Node server and Vercel, the generated headers on Netlify). Hashed
 * assets (/assets/**) are immutable on every target.
 */
export const publicFilePaths = ['/images/**', '/icons/**', '/favicon.svg', '/logo.svg', '/manifest.webmanifest'] as const
export const publicFileCacheControl = `public, max-age=${siteConfig.cache.publicFileMaxAgeSeconds}, stale-while-revalidate=${siteConfig.cache.cdnStaleSeconds}`
export const hashedAssetCacheControl = 'public, max-age=31536000, immutable'

type NitroPluginOptions = Parameters<typeof nitro>[0]

/**
 * The server half of the build: Nitro's node server, Nitro's `vercel` preset, or Netlify's
 * plugin (loaded only when building for Netlify). `nitroOptions` are the site's own (runtime
 * plugins, route rules); on Netlify they have no equivalent there and the generated
 * `_headers` and the server entry cover them (docs/deploy.md).
 */
export async function serverPlugins(target: DeployTarget, nitroOptions: NitroPluginOptions): Promise<PluginOption[]> {
  // The node server's entry is the site's own: Nitro's, with cached pages replayed in front (app/server/node-server.ts).
  if (target === 'node')
    return [nitro({ ...nitroOptions, entry: fileURLToPath(new URL('../../app/server/node-server.ts', import.meta.url)) })]
  // Vercel's CDN compresses itself: no precompressed copies in the static output.
  if (target === 'vercel') return [nitro({ ...nitroOptions, preset: 'vercel', compressPublicAssets: false })]
  const { default: netlify } = await import('@netlify/vite-plugin-tanstack-start')
  return [netlify()]
}
