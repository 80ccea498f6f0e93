/**
 * The content API contract (requirements §7) as it travels on the wire: zod schemas for every
 * call's answer. These are the raw shapes a WordPress plugin (or the embedded CMS in
 * cms/) must produce; `reshape.ts` turns them into the app's own types, and nothing past
 * that boundary sees raw JSON. Where the requirements leave a shape open (§10.8), it is ours and is
 * documented in docs/content-api.md; `npm run schema` publishes these as JSON Schema.
 *
 * Parsing is strict about structure and lenient about what WordPress is loose about
 * (ids as numbers or strings, `false` for "none", missing optional fields).
 */
import { z } from 'zod'
import { wireRedirect, wireRedirectsContract } from './redirects'
import { wireItemFields, wireItemSearchResult, wireItemSitemapEntry, wireItemSlug, wireItemType } from './wire-items'

const MAX_TEXT = 2_000
const MAX_HTML = 500_000

const text = z.string().max(MAX_TEXT)
const html = z.string().max(MAX_HTML)
/** WordPress ids arrive as numbers or numeric strings. */
export const wireId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)])

/** One size of an image the backend already made (WordPress's generated sizes), for `srcset`. */
export const wireImageSize = z.object({
  url: z.string().max(MAX_TEXT),
  width: z.number().int().positive().max(20_000),
  height: z.number().int().positive().max(20_000),
})

/**
 * Requirements §3 Image object: url, width, height, error; `alt` from the media library,
 * and `srcset`: the smaller copies of the same picture the backend has (docs/content-api.md).
 */
export const wireImage = z.object({
  url: z.string().max(MAX_TEXT),
  width: z.number().int().nonnegative().max(20_000).optional(),
  height: z.number().int().nonnegative().max(20_000).optional(),
  alt: text.optional(),
  error: z.boolean().optional(),
  srcset: z.array(wireImageSize).max(24).optional(),
})
const optionalImage = z.union([wireImage, z.literal(false), z.null()]).optional()

/** Requirements §3 Menu item: id, title, url, target, object_id, post_parent (false for top level), relative_path. */
export const wireMenuItem = z.object({
  id: wireId,
  title: text,
  url: z.string().max(MAX_TEXT),
  target: z.string().max(20).optional().default(''),
  object_id: wireId.optional(),
  post_parent: z.union([z.literal(false), wireId]).default(false),
  relative_path: z.string().max(MAX_TEXT).optional(),
  classes: z.array(z.string().max(100)).max(20).optional(),
})

/** Requirements §3 Menu locations: primary, primary-submenu, footer-1 to footer-4, socials. */
export const menuLocations = ['primary', 'primary-submenu', 'footer-1', 'footer-2', 'footer-3', 'footer-4', 'socials'] as const
export type MenuLocation = (typeof menuLocations)[number]

const menuList = z.array(wireMenuItem).max(500)
export const wireMenus = z.object({
  primary: menuList.optional(),
  'primary-submenu': menuList.optional(),
  'footer-1': menuList.optional(),
  'footer-2': menuList.optional(),
  'footer-3': menuList.optional(),
  'footer-4': menuList.optional(),
  socials: menuList.optional(),
})

/** Requirements §3 Meta. */
export const wireMeta = z.object({
  title: text.optional(),
  description: text.optional(),
  keywords: text.optional(),
  author: text.optional(),
  robots: z.string().max(200).optional(),
  'og:title': text.optional(),
  'og:desc': text.optional(),
  'og:img': z.string().max(MAX_TEXT).optional(),
  'twitter:title': text.optional(),
  'twitter:desc': text.optional(),
  'twitter:img': z.string().max(MAX_TEXT).optional(),
  'twitter:card': z.string().max(50).optional(),
  canonical: z.string().max(MAX_TEXT).optional(),
  favicon: z.object({ url: z.string().max(MAX_TEXT) }).optional(),
})

/** Requirements §3 Options (the site-wide options that come with every page): organization, host_url. */
export const wireOptions = z.object({
  organization: z.object({
    name: text,
    logo_url: z.string().max(MAX_TEXT).optional(),
  }),
  host_url: z.string().max(MAX_TEXT),
  /** Ours: the address widget, review and status badge data for the footer (requirements §2.4). */
  address: html.optional(),
  phone: z.string().max(40).optional(),
  shop_url: z.string().max(MAX_TEXT).optional(),
  review_badge: z.object({ label: text, url: z.string().max(MAX_TEXT) }).optional(),
  status_badge: z.object({ label: text, url: z.string().max(MAX_TEXT) }).optional(),
  /**
   * Ours: the theme's colour palette (docs/decisions/028), for the editor's `has-{slug}-color`
   * classes and `var(--wp--preset--color--{slug})`: each slug's colour, and its colour in
   * the dark theme (else the same one).
   */
  palette: z
    .array(z.object({ slug: z.string().max(100), name: text.optional(), color: z.string().max(100), dark: z.string().max(100).optional() }))
    .max(200)
    .optional(),
})

/** Requirements §3 content.breadcrumbs: url and title. */
export const wireBreadcrumb = z.object({ url: z.string().max(MAX_TEXT), title: text })

/**
 * Requirements §3 content.sections: each has a layout name that selects the section block.
 * Everything else in a section is the block's own data, validated by that block's
 * schema in app/sections/registry.ts (so a block can be added without touching here).
 */
export const wireSection = z.looseObject({
  layout: z.string().min(1).max(100),
  id: z.union([z.string().max(100), z.number()]).optional(),
})

/** Requirements §3 Widgets, grouped by area; each has id and widget_type. */
export const widgetTypes = ['text', 'media_image', 'recent_posts', 'categories', 'custom_html'] as const
export const wireWidget = z.looseObject({
  id: z.union([z.string().max(100), z.number()]),
  widget_type: z.enum(widgetTypes),
  title: text.optional(),
  content: html.optional(),
})

export const wireTerm = z.object({
  id: wireId,
  name: text,
  slug: z.string().max(200),
  count: z.number().int().nonnegative().optional(),
  description: html.optional(),
})

/** A post in a list (recent_posts, filtered_blogs, /api/v1/posts). Not in the requirements: ours. */
export const wirePostSummary = z.object({
  id: wireId,
  slug: z.string().max(200),
  title: text,
  excerpt: html.optional().default(''),
  date: z.string().max(40),
  modified: z.string().max(40).optional(),
  author: z.object({ name: text }).optional(),
  featured_image: optionalImage,
  categories: z.array(wireTerm).max(50).optional().default([]),
  tags: z.array(wireTerm).max(100).optional().default([]),
  reading_minutes: z.number().int().nonnegative().max(1000).optional(),
})

/** Requirements §3 content.blog_post: the article of a single-post page. */
export const wirePost = wirePostSummary.extend({
  content: html,
  /** Ours, on items of a content type: their labelled facts (wire-items.ts). */
  fields: wireItemFields.optional().default([]),
})

/** Ours: one search hit (pages and posts by URL, items of a content type by type and slug) for `s` on the base call. */
export const wireSearchResult = z.union([
  z.object({
    type: z.enum(['page', 'post']),
    title: text,
    url: z.string().max(MAX_TEXT),
    excerpt: html.optional().default(''),
  }),
  wireItemSearchResult,
])

export const wirePagination = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(100),
  total: z.number().int().nonnegative(),
  total_pages: z.number().int().nonnegative(),
})

/** Requirements §3 Form definition (shortcode data by id). The form engine (app/forms/) reads it. */
export const wireFormField = z.looseObject({
  id: wireId,
  name: z.string().max(200).optional(),
  label: text.optional().default(''),
  type: z.string().max(50),
  fieldType: z.string().max(50).optional(),
  placeholder: text.optional(),
  isRequired: z.boolean().optional().default(false),
  cssClass: z.string().max(500).optional().default(''),
  visibility: z.string().max(50).optional(),
  pageNumber: z.number().int().min(1).optional(),
  conditionalLogic: z.unknown().optional(),
  options: z
    .array(z.object({ label: text, value: z.string().max(MAX_TEXT) }))
    .max(1000)
    .optional(),
  errorMessage: text.optional(),
})
export const wireFormDefinition = z.looseObject({
  id: wireId.optional(),
  title: text.optional().default(''),
  cssClass: z.string().max(500).optional().default(''),
  api_url: z.string().max(MAX_TEXT).optional().default(''),
  button: z.object({ text: text }).optional(),
  pagination: z
    .object({ type: z.string().max(50), pages: z.array(text).max(50).optional() })
    .nullable()
    .optional(),
  minimum_date: z.string().max(40).nullable().optional(),
  maximum_date: z.string().max(40).nullable().optional(),
  fields: z.array(wireFormField).max(500).default([]),
})
/** shortcode_data: form definitions keyed by form id. */
export const wireShortcodeData = z.record(z.string().max(50), wireFormDefinition)

/** Requirements §3 content. */
export const wireContent = z.object({
  sections: z.array(wireSection).max(200).optional().default([]),
  notifications: z
    .array(z.object({ id: z.union([z.string().max(100), z.number()]), message: html, type: z.string().max(50).optional() }))
    .max(20)
    .optional()
    .default([]),
  widgets: z.record(z.string().max(100), z.array(wireWidget).max(50)).optional().default({}),
  breadcrumbs: z.array(wireBreadcrumb).max(20).optional().default([]),
  shortcode_data: wireShortcodeData.optional().default({}),
  filtered_blogs: z.array(wirePostSummary).max(100).optional().default([]),
  customOptions: z.record(z.string().max(100), z.unknown()).optional().default({}),
  pageContent: html.optional().default(''),
  blog_post: z.union([wirePost, z.literal(false), z.null()]).optional(),
  recent_posts: z.array(wirePostSummary).max(50).optional().default([]),
  tags: z.array(wireTerm).max(1000).optional().default([]),
  categories: z.array(wireTerm).max(1000).optional().default([]),
  /** Ours: the category a category listing shows. */
  category: z.union([wireTerm, z.literal(false), z.null()]).optional(),
  /** Ours: pagination of filtered_blogs. */
  pagination: wirePagination.optional(),
  /** Ours: the newer and older article next to a blog_post. */
  previous_post: z
    .object({ slug: z.string().max(200), title: text })
    .nullable()
    .optional(),
  next_post: z
    .object({ slug: z.string().max(200), title: text })
    .nullable()
    .optional(),
  /** Ours: the article's approved comments (HTML content). */
  comments: z
    .array(z.object({ id: wireId, author: text, date: z.string().max(40), content: html }))
    .max(1000)
    .optional()
    .default([]),
  /** Ours: search results when `s` was sent. */
  search: z
    .object({
      query: z.string().max(1000),
      total: z.number().int().nonnegative(),
      results: z.array(wireSearchResult).max(100),
      page: z.number().int().min(1).optional(),
      per_page: z.number().int().min(1).max(100).optional(),
      /** The query with misspelt words corrected, when the backend corrected any. */
      corrected: z.string().max(1000).nullable().optional(),
    })
    .optional(),
})

/** Requirements §3 lang (languages): the page's translations. Ours in detail. */
export const wireLanguage = z.object({
  code: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/),
  name: text,
  url: z.string().max(MAX_TEXT),
  active: z.boolean().optional(),
  /** Ours, on items of a content type: the translation's slug; the site builds its URL (wire-items.ts). */
  slug: wireItemSlug.optional(),
})

/** Requirements §3 Admin bar data. */
export const wireAdminBar = z.object({
  dashboard_url: z.string().max(MAX_TEXT).optional(),
  edit_post_url: z.string().max(MAX_TEXT).optional(),
  page_layout: z.string().max(100).optional(),
})

/**
 * Requirements §3 `chat`, ours in detail: the live chat the page offers. `provider` names who
 * answers (`builtin`: the backend's own chat endpoint, `POST /api/v1/chat/messages`;
 * `crisp`: Crisp, with `widget_id` its website id); `enabled: false` hides it on this
 * page. A provider the site does not know, or one it is not configured for, is no chat:
 * never an error.
 */
export const wireChat = z.object({
  provider: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  widget_id: z.string().max(200).nullable().optional(),
  enabled: z.boolean(),
})

/** Requirements §3 Page response (result.page.data.result). */
export const wirePageResult = z.object({
  id: wireId.optional(),
  slug: z.string().max(500).optional(),
  /** The page's own title (its h1); meta.title is the document title. */
  title: text.optional(),
  type: z.enum(['page', 'post', 'blog', 'category', 'item', 'archive']).optional(),
  /** Ours: the content type of an `item` or `archive` answer (`GET /api/v1/items/{type}`). */
  item_type: wireItemType.optional(),
  featured_image: optionalImage,
  background_image: optionalImage,
  body_classes: z.array(z.string().max(200)).max(50).optional().default([]),
  custom_css: z.string().max(100_000).optional().default(''),
  dev_mode: z.boolean().optional().default(false),
  lang: z.array(wireLanguage).max(20).optional().default([]),
  content: wireContent.optional().default(() => wireContent.parse({})),
  meta: wireMeta.optional().default({}),
  /** JSON-LD: one object or a list of them. */
  schema: z
    .union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown())).max(20)])
    .nullable()
    .optional(),
  /** Page options: the layout and anything page-specific. */
  options: z
    .looseObject({ layout: z.string().max(50).optional() })
    .optional()
    .default({}),
  /** No chat on this page: `false`, `null` or a missing key, as for images. */
  chat: z.union([wireChat, z.literal(false), z.null()]).optional(),
  admin_bar: wireAdminBar.optional(),
  /** Ours: this answer is an unpublished draft shown through a signed preview link. */
  preview: z.boolean().optional().default(false),
  error: z.boolean().optional().default(false),
})

/** GET {api}/api/v1/base/{pageName}: read result.page.data.result, result.menu, result.options. */
export const wireBaseResponse = z.object({
  result: z.object({
    page: z.object({ data: z.object({ result: wirePageResult }) }),
    menu: wireMenus.optional().default({}),
    options: wireOptions,
  }),
})

/**
 * The contract's "not found" answer (HTTP 404), in WordPress REST error form. Its data
 * may carry the site's menus and options so the error screen still has its frame
 * (requirements §8: "if the error response has data the page content is still set").
 */
export const wireErrorResponse = z.object({
  code: z.string().max(100),
  message: z.string().max(MAX_TEXT),
  data: z
    .object({
      status: z.number().int(),
      result: z.object({ menu: wireMenus.optional(), options: wireOptions.optional() }).optional(),
    })
    .optional(),
})

/** GET {api}/api/v1/layout{path}: read as layout; failure gives {}. */
export const wireLayoutResponse = z.object({
  layout: z.string().max(50).optional(),
})

/** GET {api}/api/v1/popups/{id}: read result.props and result.shortcode_data. */
export const wirePopupResponse = z.object({
  result: z.object({
    props: z.object({
      /** A number, or a slug: the `{id}` of a `#popup-{id}` link. */
      id: z.union([z.number().int().nonnegative(), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)]),
      title: text,
      content: html,
      options: z
        .object({ classname: z.string().max(200).optional() })
        .optional()
        .default({}),
    }),
    shortcode_data: wireShortcodeData.optional().default({}),
  }),
})

/** GET {api}/api/v1/posts: read result.blog_posts; failure gives an empty list. */
export const wirePostsResponse = z.object({
  result: z.object({
    blog_posts: z.array(wirePostSummary).max(100),
    pagination: wirePagination.optional(),
  }),
})

/** GET {api}/api/wp/v2/tags?slug=: the first item's id is used, null on failure. */
export const wireTagsResponse = z.array(wireTerm.pick({ id: true, name: true, slug: true })).max(100)

/**
 * Ours: GET {api}/api/v1/sitemap?locale=: every public page and post of a locale.
 * `key` is shared by the translations of one document; `path` has no locale prefix.
 */
export const wireSitemapResponse = z.object({
  result: z.object({
    entries: z
      .array(
        z.union([
          z.object({
            key: z.string().min(1).max(500),
            path: z
              .string()
              .regex(/^\/[^\s]*$/)
              .max(MAX_TEXT),
            modified: z.string().max(40).optional(),
            type: z.enum(['page', 'post']),
          }),
          wireItemSitemapEntry,
        ]),
      )
      .max(100_000),
  }),
})
export type WireSitemapResponse = z.infer<typeof wireSitemapResponse>

export type WireImage = z.infer<typeof wireImage>
export type WireMenuItem = z.infer<typeof wireMenuItem>
export type WireMenus = z.infer<typeof wireMenus>
export type WireMeta = z.infer<typeof wireMeta>
export type WireOptions = z.infer<typeof wireOptions>
export type WirePostSummary = z.infer<typeof wirePostSummary>
export type WirePost = z.infer<typeof wirePost>
export type WireTerm = z.infer<typeof wireTerm>
export type WirePageResult = z.infer<typeof wirePageResult>
export type WireBaseResponse = z.infer<typeof wireBaseResponse>
export type WireContent = z.infer<typeof wireContent>
export type WireSection = z.infer<typeof wireSection>
export type WirePopupResponse = z.infer<typeof wirePopupResponse>
export type WirePostsResponse = z.infer<typeof wirePostsResponse>
export type WireErrorResponse = z.infer<typeof wireErrorResponse>
export type WireFormDefinition = z.infer<typeof wireFormDefinition>

/** Every schema that is published as JSON Schema, by name (the write calls' are in wire-forms.ts). */
export const contractSchemas = {
  BaseResponse: wireBaseResponse,
  ErrorResponse: wireErrorResponse,
  LayoutResponse: wireLayoutResponse,
  PopupResponse: wirePopupResponse,
  PostsResponse: wirePostsResponse,
  TagsResponse: wireTagsResponse,
  SitemapResponse: wireSitemapResponse,
  RedirectsResponse: wireRedirectsContract,
  Redirect: wireRedirect,
  FormDefinition: wireFormDefinition,
  Image: wireImage,
  MenuItem: wireMenuItem,
  Meta: wireMeta,
  Options: wireOptions,
  Section: wireSection,
  Widget: wireWidget,
  PostSummary: wirePostSummary,
  Post: wirePost,
  Chat: wireChat,
} as const
