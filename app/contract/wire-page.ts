/**
 * The page answer of the content contract (requirements §3 Page response; wire.ts wraps it
 * in the base call's answer): the page's own fields, its content (sections, widgets,
 * breadcrumbs, the posts and forms it shows, search results), meta, translations and the
 * chat it offers.
 */
import { z } from 'zod'
import { wireShortcodeData } from './wire-forms'
import { wireItemSearchResult, wireItemSlug, wireItemType } from './wire-items'
import { wirePagination, wirePost, wirePostSummary, wireTerm } from './wire-posts'
import { html, MAX_TEXT, optionalImage, text, wireId } from './wire-primitives'

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

/** Requirements §3 content.breadcrumbs: url and title. */
const wireBreadcrumb = z.object({ url: z.string().max(MAX_TEXT), title: text })

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
const widgetTypes = ['text', 'media_image', 'recent_posts', 'categories', 'custom_html'] as const
export const wireWidget = z.looseObject({
  id: z.union([z.string().max(100), z.number()]),
  widget_type: z.enum(widgetTypes),
  title: text.optional(),
  content: html.optional(),
})

/** Ours: one search hit (pages and posts by URL, items of a content type by type and slug) for `s` on the base call. */
const wireSearchResult = z.union([
  z.object({
    type: z.enum(['page', 'post']),
    title: text,
    url: z.string().max(MAX_TEXT),
    excerpt: html.optional().default(''),
  }),
  wireItemSearchResult,
])

/** Requirements §3 content. */
const wireContent = z.object({
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
const wireAdminBar = z.object({
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

export type WireMeta = z.infer<typeof wireMeta>
export type WirePageResult = z.infer<typeof wirePageResult>
