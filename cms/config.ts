/**
 * The embedded CMS's own constants (docs/content-api.md): the API's limits, its content
 * types, its accounts. Server-only like everything under cms/, which the browser build
 * refuses; only cms/ (and its tests) import it. Where a limit is the site's too (comments,
 * the session's length) it is read from app/config/site.ts.
 */
import { siteConfig } from '../app/config/site'

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

  /**
   * The CMS's own rate limits (accounts, comments) in memory, when no store is handed in: the
   * oldest windows are forgotten beyond this many keys, as the site's (abuseConfig.memoryKeys).
   */
  limiterKeys: 20_000,

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
