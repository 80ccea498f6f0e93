/**
 * The environment: every variable the site, the embedded CMS and the scripts read, as one
 * zod schema. `parseEnv()` validates it; the server (app/server/env.server.ts), `npm run cms`,
 * the build (vite.config.ts) and the scripts call it once at start-up and stop with a
 * message naming every bad variable. Nothing else reads `process.env` directly, but for
 * two readers that run outside this schema's reach: `npm start`'s launcher (scripts/start.mjs,
 * plain JavaScript, which checks WEB_CONCURRENCY by the same rule before the server starts)
 * and app/server/http/shutdown.server.ts, which reads CI and TEST the way srvx does.
 *
 * Not for the browser: it brings zod. The variables the browser may see are listed in
 * app/config/site.ts (publicEnvKeys).
 */
import { z } from 'zod'

/**
 * Built on first use: importing this file for its types (the CMS's options, the server's
 * visitor rules) builds nothing.
 */
function buildEnvSchema() {
  const optionalUrl = z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional())

  /** A value the platform or the operator sets; empty counts as unset. */
  const optionalText = z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().max(200, { error: 'must be at most 200 characters' }).optional())

  const port = z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65_535, { error: 'must be between 1 and 65535' })

  const processCount = { error: 'must be a whole number from 1 to 64' }

  return z.object({
    /** Unset: development, except in the built server (`npm start`), which is production (app/server/env.server.ts). */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** The content API base URL (a WordPress with our API). Unset: the embedded CMS in-process. */
    CONTENT_API_URL: optionalUrl,
    /** The kind of backend behind CONTENT_API_URL. Requirements §9: default `wp`. */
    CONTENT_BACKEND: z.enum(['wp'], { error: 'must be "wp"' }).default('wp'),
    /** Where the account calls go (requirements §7 {apiUrl}); defaults to CONTENT_API_URL. */
    AUTH_API_URL: optionalUrl,
    /** How long one backend call may take before it counts as down. */
    CONTENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100).max(60_000).default(8000),
    /** The site's public origin for canonical URLs; defaults to the backend's host_url. */
    SITE_URL: optionalUrl,
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default('localhost'),
    /** The embedded CMS: its content folder, its database and the port of `npm run cms`. */
    CMS_CONTENT_DIR: z.string().trim().min(1).default('content'),
    CMS_DATABASE_URL: z
      .string()
      .trim()
      .regex(/^(file:|libsql:|https?:|:memory:)/, { error: 'must be file:…, libsql://…, http(s)://… or :memory:' })
      .default('file:data/cms.db'),
    CMS_PORT: port.default(3001),
    /** The address `npm run cms` listens on. */
    CMS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** The site's own database: the outbox of submissions waiting for the backend, idempotency answers, form definitions kept for outages. */
    SITE_DATABASE_URL: z
      .string()
      .trim()
      .regex(/^(file:|libsql:|https?:|:memory:)/, { error: 'must be file:…, libsql://…, http(s)://… or :memory:' })
      .default('file:data/site.db'),
    /**
     * A PostgreSQL database several server processes share (docs/deploy.md, "Several servers"):
     * the outbox with its attachments, idempotency answers, rate limits and the purge log.
     * Unset: the SQLite file of SITE_DATABASE_URL, for one process.
     */
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional()),
    /**
     * How many server processes `npm start` runs on this machine, on one port (scripts/start.mjs,
     * docs/decisions/033-server-lifecycle.md). Unset: the machine's cores with DATABASE_URL, else 1.
     */
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(
        z.string().regex(/^\d+$/, processCount).transform(Number).pipe(z.number().min(1, processCount).max(64, processCount)).optional(),
      ),
    /** Where files of waiting submissions were kept before they moved into the site database (read for rows stored then). */
    SITE_OUTBOX_DIR: z.string().trim().min(1).default('data/outbox'),
    /** Where the embedded CMS writes files uploaded with form entries (random names, never the visitor's). */
    CMS_UPLOAD_DIR: z.string().trim().min(1).default('data/uploads'),
    /** The embedded CMS sends password reset mail over this SMTP server; unset, mail stays in its outbox (and is printed to the console in development only). */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
    /** The From of that mail, e.g. `Kestrel IT Support <no-reply@kestrel-it.example>`. */
    MAIL_FROM: z.string().trim().min(3).max(200).optional(),
    /**
     * Which proxy headers name the visitor (requirements §11.2): `none` trusts none (the socket's
     * address), `netlify`, `vercel` or `cloudflare` their own headers, a number N the Nth
     * address from the right of X-Forwarded-For. Rate limits and the hidden field use it.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('none')
      .transform((value, ctx) => {
        if (value === 'none' || value === 'netlify' || value === 'vercel' || value === 'cloudflare') return value
        const hops = /^\d{1,2}$/.test(value) ? Number(value) : 0
        if (hops >= 1 && hops <= 10) return hops
        ctx.addIssue({ code: 'custom', message: 'must be none, netlify, vercel, cloudflare or a hop count from 1 to 10' })
        return z.NEVER
      }),
    /**
     * An IP-to-country database in the MaxMind DB format with `country_code` (requirements
     * §10.4), for visitors whose country no trusted platform header names. Unset: the
     * package's file (geoConfig, app/server/config.server.ts).
     */
    GEOIP_COUNTRY_DB: optionalText,
    /** Multiplies every rate limit of abuseConfig (app/server/config.server.ts; tests and the soak run from one address). */
    RATE_LIMIT_FACTOR: z.coerce.number({ error: 'must be a number' }).min(1).max(10_000).default(1),
    /** Signs the public forms' fill-time stamps (32+ characters). Unset: a random key per process; set it when several processes serve the site. */
    FORM_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** Signs preview links and the revalidation webhook. At least 32 characters. */
    PREVIEW_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    REVALIDATE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /**
     * The bearer token of `POST /api/outbox/drain` (docs/decisions/034-platform-cdn-lifetimes.md):
     * one pass of the outbox worker, called by the platforms' schedules. Unset: REVALIDATE_SECRET.
     */
    OUTBOX_DRAIN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** Vercel sends it as the bearer token of its cron jobs: on Vercel the drain accepts it too (docs/deploy.md). */
    CRON_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /**
     * Netlify and Vercel (docs/deploy.md): the revalidation webhook also purges the
     * platform's CDN by cache tag when its token is set. Netlify sets SITE_ID in its
     * functions; NETLIFY_SITE_ID overrides it. Vercel sets VERCEL_PROJECT_ID.
     */
    NETLIFY_PURGE_API_TOKEN: optionalText,
    NETLIFY_SITE_ID: optionalText,
    SITE_ID: optionalText,
    VERCEL_PURGE_API_TOKEN: optionalText,
    VERCEL_PROJECT_ID: optionalText,
    VERCEL_TEAM_ID: optionalText,
    /** A Netlify build hook or Vercel deploy hook: each revalidation starts a build, which prerenders the popular pages again. */
    DEPLOY_HOOK_URL: optionalUrl,
    /** The built site's rendered-HTML cache and prerendered pages; `off` renders every page per request (debugging, `npm run bench`). */
    HTML_CACHE: z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).default('on'),
    /**
     * The built server's log (docs/deploy.md, "Logs"): `json`, one JSON line per event and per
     * request (level, request id, route, status, duration), or `pretty`, the same as plain
     * lines for development. Unset: json in production, pretty otherwise.
     */
    LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be "json" or "pretty"' }).optional(),
    /** The least severe level written: `debug`, `info` (the default: one line per request), `warn` or `error`. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' }).default('info'),
    /**
     * How long the server's own caches (rendered pages, backend reads) count a copy fresh, in
     * ms. Unset: siteConfig.cache.freshMs on the Node server, siteConfig.cache.platformFreshMs on
     * Netlify and Vercel, where the CDN is the shared cache (docs/decisions/034-platform-cdn-lifetimes.md).
     */
    CACHE_FRESH_MS: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(1000, { error: 'must be between 1000 and 3600000' })
      .max(3_600_000, { error: 'must be between 1000 and 3600000' })
      .optional(),
    /**
     * Third-party tags, each loaded only when its ID is set and the visitor consented to
     * its category (requirements §1, §7). These IDs are public: they are sent to the browser.
     */
    GTM_ID: z
      .string()
      .trim()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, { error: 'must look like GTM-XXXXXXX' })
      .optional(),
    GA_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,12}$/, { error: 'must look like G-XXXXXXXXXX' })
      .optional(),
    ADS_CONVERSION_ID: z
      .string()
      .trim()
      .regex(/^AW-\d{6,12}$/, { error: 'must look like AW-123456789' })
      .optional(),
    /** Requirements §7: the image service's cloud name; set, images are resized and re-encoded through it. */
    IMAGE_CLOUD_NAME: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{2,64}$/i, { error: 'must be the image service cloud name' })
      .optional(),
    /**
     * Third-party chat providers the site may load when a page's `chat` names one
     * (requirements §11.4), comma-separated: `crisp`. Each one's origins join the CSP only when listed
     * here; the built-in chat needs nothing. Public: the launcher reads it.
     */
    CHAT_PROVIDERS: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(
        z
          .string()
          .regex(/^(crisp)(,(crisp))*$/, { error: 'must be a comma-separated list of: crisp' })
          .optional(),
      ),
    SESSION_RECORDING_ID: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{6,16}$/, { error: 'must be the session-recording project id (6–16 lowercase letters and digits)' })
      .optional(),
  })
}

let builtEnvSchema: ReturnType<typeof buildEnvSchema> | undefined
export function envSchema(): ReturnType<typeof buildEnvSchema> {
  return (builtEnvSchema ??= buildEnvSchema())
}

export type Env = z.infer<ReturnType<typeof buildEnvSchema>> & {
  /** AUTH_API_URL, or CONTENT_API_URL when that is unset. */
  authApiUrl: string | undefined
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Validates the environment; throws an EnvError listing every bad variable by name. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema().safeParse(source)
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`))
  }
  return { ...result.data, authApiUrl: result.data.AUTH_API_URL ?? result.data.CONTENT_API_URL }
}

/**
 * parseEnv() for processes that start: on a bad variable, print every problem by name
 * and stop with exit code 1 (no stack trace).
 */
export function parseEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source)
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n\nFix these variables and start again.\n`)
      process.exit(1)
    }
    throw error
  }
}
