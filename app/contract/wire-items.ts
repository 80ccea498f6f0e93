/**
 * The contract's pieces for content types beyond pages and posts (docs/content-api.md,
 * Content types; decision 029). The backend names an item by its type and slug; the
 * site owns the paths (app/config/site.ts `content.types`), so where a page or a post carries
 * a URL, an item carries `item_type` and `slug` instead. The page (wire-page.ts), the
 * post (wire-posts.ts) and wire.ts's answers join these in.
 */
import { z } from 'zod'

const MAX_TEXT = 2_000

/** A type name as WordPress registers post types (`case_study`). */
export const wireItemType = z.string().regex(/^[a-z0-9_-]{1,20}$/)
/** An item's slug (WordPress's `post_name`, decoded). */
export const wireItemSlug = z
  .string()
  .max(200)
  .regex(/^[\p{L}\p{N}_-]+$/u)

/**
 * Ours: an item's labelled facts (the client, the industry, the outcome of a case study),
 * in the order to show them: ACF's fields where ACF holds them. Plain text.
 */
export const wireItemFields = z.array(z.object({ label: z.string().max(200), value: z.string().max(MAX_TEXT) })).max(30)

/** One search hit on an item: its type and slug instead of a URL. */
export const wireItemSearchResult = z.object({
  type: z.literal('item'),
  item_type: wireItemType,
  slug: wireItemSlug,
  title: z.string().max(MAX_TEXT),
  excerpt: z.string().max(500_000).optional().default(''),
})

/** One sitemap entry for an item: its type and slug instead of a path. */
export const wireItemSitemapEntry = z.object({
  key: z.string().min(1).max(500),
  type: z.literal('item'),
  item_type: wireItemType,
  slug: wireItemSlug,
  modified: z.string().max(40).optional(),
})
