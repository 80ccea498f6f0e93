/**
 * Posts as the content contract carries them (wire.ts): a post in a list, the article of a
 * single-post page, its terms (tags and categories), and the pagination of a list.
 */
import { z } from 'zod'
import { wireItemFields } from './wire-items'
import { html, optionalImage, text, wireId } from './wire-primitives'

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

export const wirePagination = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(100),
  total: z.number().int().nonnegative(),
  total_pages: z.number().int().nonnegative(),
})

export type WirePostSummary = z.infer<typeof wirePostSummary>
export type WirePost = z.infer<typeof wirePost>
export type WireTerm = z.infer<typeof wireTerm>
