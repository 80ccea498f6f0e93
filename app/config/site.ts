/**
 * The site's settings: the constants of requirements §9 that the pages use, the locales,
 * the routed content types and the environment variables the browser may see. Plain data,
 * imported by every layer and loaded by the browser whole on the first load, so it imports
 * nothing (no zod, no server code). The server's own settings are in
 * app/server/config.server.ts, the embedded CMS's in cms/config.ts, the environment's
 * schema in app/config/env.ts. Nothing else in the code base holds a magic number.
 */

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
    /**
     * Not in the requirements: the page's JavaScript waits for the first contentful paint
     * (docs/decisions/038), and for no longer than this when no paint is reported (a page
     * loaded in a background tab).
     */
    entryFallbackMs: 3000,
    /**
     * Not in the requirements: a tap on a button before the page has hydrated is made again once
     * it has (docs/decisions/057), unless it is older than this; by then the visitor has moved on.
     */
    tapReplayMaxAgeMs: 10_000,
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

  /** Server-side content cache (requirements §10.1). */
  cache: {
    /** A cached page answer is fresh this long (CACHE_FRESH_MS overrides it, app/config/env.ts). */
    freshMs: 60_000,
    /**
     * On Netlify and Vercel the CDN is the shared cache: each function instance trusts its own
     * copies this long only, since a purge reaches one instance, not every one
     * (docs/decisions/034-platform-cdn-lifetimes.md).
     */
    platformFreshMs: 5_000,
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
