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
import { wireFormDefinition, wireShortcodeData } from './wire-forms'
import { wireItemSitemapEntry } from './wire-items'
import { wireChat, wirePageResult, wireMeta, wireSection, wireWidget } from './wire-page'
import { wirePagination, wirePost, wirePostSummary, wireTerm } from './wire-posts'
import { html, MAX_TEXT, text, wireImage } from './wire-primitives'
import { wireMenuItem, wireMenus, wireOptions } from './wire-site'

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

export type WireBaseResponse = z.infer<typeof wireBaseResponse>
export type WirePopupResponse = z.infer<typeof wirePopupResponse>
export type WirePostsResponse = z.infer<typeof wirePostsResponse>

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
