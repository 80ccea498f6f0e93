/**
 * The validated server environment, parsed once when the server starts. A bad
 * variable stops the process with a message naming it (app/config/env.ts, parseEnv).
 *
 * The built server is production unless NODE_ENV says otherwise: `npm start` without
 * it must not run in development mode (which prints reset mail, tokens included).
 */
import { type Env, parseEnvOrExit } from '../config/env'
import { siteConfig } from '../config/site'
import { deployPlatform, platformDefaults } from './platform/platform-env.server'

/**
 * The variables the server reads: in a built server, NODE_ENV is production unless set; on
 * Netlify and Vercel, the platform's defaults (platform-env.server.ts) where a variable is unset.
 */
export function serverEnvSource(
  built: boolean,
  source: Record<string, string | undefined>,
  defaults: Record<string, string> = {},
): Record<string, string | undefined> {
  const withDefaults = { ...source }
  for (const [name, value] of Object.entries(defaults)) if (!withDefaults[name]) withDefaults[name] = value
  return built && !withDefaults.NODE_ENV ? { ...withDefaults, NODE_ENV: 'production' } : withDefaults
}

// Vite sets import.meta.env in what it builds; scripts run by tsx (the prerender step) have none.
// The build names its target (scripts/deploy/targets.ts): a platform function validates here, when it starts.
export const env: Env = parseEnvOrExit(
  serverEnvSource(import.meta.env?.PROD === true, process.env, platformDefaults(import.meta.env?.DEPLOY_TARGET)),
)

/**
 * The server's own caches, rendered pages and backend reads alike (requirements §10.1): fresh
 * for CACHE_FRESH_MS. On Netlify and Vercel a stale copy is never served, only kept for
 * outages: the CDN serves stale copies itself, and a function instance the last purge did not
 * reach must render from the backend rather than hand the CDN its old copy
 * (docs/decisions/034-platform-cdn-lifetimes.md).
 */
export const serverCache = {
  freshMs: env.CACHE_FRESH_MS ?? siteConfig.cache.freshMs,
  serveStale: deployPlatform === null,
} as const
