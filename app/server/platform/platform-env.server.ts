/**
 * What a Netlify or Vercel function uses when its environment leaves it unset
 * (docs/deploy.md): the visitor's address from the platform's own header, short-lived
 * caches of its own (the CDN is the shared one), and the embedded
 * CMS in demo mode, its content written from the bundle and its SQLite databases kept in
 * the platform's writable temporary directory. Entries written there are not durable: an
 * instance that stops takes them with it. The Node server has no such defaults.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { siteConfig } from '../../config/site'
import { bundledContent } from './bundled-content'

export type PlatformTarget = 'netlify' | 'vercel'

const isPlatform = (target: unknown): target is PlatformTarget => target === 'netlify' || target === 'vercel'

// Vite sets import.meta.env in what it builds; scripts run by tsx (the prerender step) have none.
const buildTarget: unknown = import.meta.env?.DEPLOY_TARGET

/** The platform this build is for (scripts/deploy/targets.ts), or null for the Node server. */
export const deployPlatform: PlatformTarget | null = isPlatform(buildTarget) ? buildTarget : null

/** The folder this function's instance may write: the content copy and the demo databases. */
const platformDataDir = () => path.join(tmpdir(), 'kestrel-site')

/** Writes the bundled content folder once per instance; returns where it is. */
function writeBundledContent(files: Readonly<Record<string, string>>, dir: string): string {
  const root = path.join(dir, 'content')
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, ...name.split('/'))
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
  return root
}

/** The defaults a platform function starts with; variables that are set win (env.server.ts). */
export function platformDefaults(target: unknown): Record<string, string> {
  if (!isPlatform(target)) return {}
  const dir = platformDataDir()
  mkdirSync(dir, { recursive: true })
  return {
    TRUST_PROXY: target,
    // A purge reaches one instance, not every one: the CDN is the shared cache (docs/decisions/034-platform-cdn-lifetimes.md).
    CACHE_FRESH_MS: String(siteConfig.cache.platformFreshMs),
    CMS_DATABASE_URL: `file:${path.join(dir, 'cms.db')}`,
    CMS_UPLOAD_DIR: path.join(dir, 'uploads'),
    SITE_DATABASE_URL: `file:${path.join(dir, 'site.db')}`,
    SITE_OUTBOX_DIR: path.join(dir, 'outbox'),
    ...(bundledContent ? { CMS_CONTENT_DIR: writeBundledContent(bundledContent, dir) } : {}),
  }
}
