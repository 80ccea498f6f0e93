/**
 * What the site asks its content source for: one zod schema per query, the types derived
 * from them. The server functions validate the browser's calls with these schemas and the
 * ContentSource takes their types; the page-name rule (a slug path, bounded) comes from
 * page-name.ts, so no visitor path reaches a backend URL unless it is a plain slug path.
 */
import { z } from 'zod'
import { routedLocales, siteConfig } from '../config/site'
import { TYPE_NAME } from './content-types'
import { APP_PATH, PAGE_NAME, POPUP_ID, SLUG } from './page-name'

export const localeSchema = z.enum(routedLocales)

/** A backend page name (page-name.ts). */
export const pageNameSchema = z.string().max(siteConfig.content.maxPageNameLength).regex(PAGE_NAME)

/** A category or tag slug, as the blog routes pass it on. */
const slugSchema = z.string().max(siteConfig.content.maxSlugLength).regex(SLUG)

/** Requirements §7 `s`; longer strings are cut before they get here (page-selection.ts). */
const searchSchema = z.string().max(siteConfig.content.maxSearchLength)

export const pageQuerySchema = z.object({
  locale: localeSchema,
  pageName: pageNameSchema,
  /** Requirements §7 `category`: the category slug of a category listing. */
  category: slugSchema.optional(),
  /** Requirements §7 `s`: the search string. */
  search: searchSchema.optional(),
  /** Ours: the page of search results. */
  searchPage: z.number().int().min(1).max(siteConfig.content.maxListPage).optional(),
  /** Requirements §7 `preview_id`, from `?preview=true&p=…`; sent on only with a verified token. */
  previewId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  /** Passed on, so the backend can verify the signed link itself. */
  previewExpires: z.string().max(20).optional(),
  previewToken: z.string().max(128).optional(),
  /** Requirements §7 `dev`: developer mode. */
  dev: z.boolean().optional(),
})
export type PageQuery = z.infer<typeof pageQuerySchema>

/**
 * The page as the site asks its backend for it: the browser's query plus what only the
 * server decides. Requirements §7 `extra`: `style` when the page is rendered on the
 * server (the HTML render and the build's prerender), never on a browser navigation's
 * call; docs/content-api.md says what a backend may do with it. Not in pageQuerySchema,
 * so a browser cannot set it.
 */
export type BackendPageQuery = PageQuery & { extra?: 'style' }

export const postsQuerySchema = z.object({
  locale: localeSchema,
  page: z.number().int().min(1).max(siteConfig.content.maxListPage).optional(),
  /** A tag id (requirements §7 `tag`), as `/api/wp/v2/tags` answered it. */
  tag: z.string().max(50).optional(),
  category: slugSchema.optional(),
  search: searchSchema.optional(),
  perPage: z.number().int().min(1).max(50).optional(),
  /** A routed content type's listing (decision 029); absent: the blog's posts. */
  type: z.string().regex(TYPE_NAME).optional(),
})
export type PostsQuery = z.infer<typeof postsQuerySchema>
/** A listing: the filter of a list whose pages "Load more" appends. */
export type PostsFilter = Omit<PostsQuery, 'page'>

/** An app path (no locale prefix). Requirements §7 `layout{path}` appends it. */
export const appPathSchema = z
  .string()
  .max(siteConfig.content.maxPageNameLength + 1)
  .regex(APP_PATH)

export const layoutQuerySchema = z.object({ locale: localeSchema, path: appPathSchema })
export type LayoutQuery = z.infer<typeof layoutQuerySchema>

export const tagQuerySchema = z.object({ locale: localeSchema, slug: slugSchema })
export const popupQuerySchema = z.object({ locale: localeSchema, id: z.string().regex(POPUP_ID) })
