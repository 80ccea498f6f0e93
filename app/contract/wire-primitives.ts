/**
 * The pieces every wire schema of the content contract is made of (wire.ts): text and HTML
 * with their length limits, WordPress ids, and images. Same conventions as wire.ts:
 * strict about structure, lenient about what WordPress is loose about.
 */
import { z } from 'zod'

export const MAX_TEXT = 2_000
export const MAX_HTML = 500_000

export const text = z.string().max(MAX_TEXT)
export const html = z.string().max(MAX_HTML)
/** WordPress ids arrive as numbers or numeric strings. */
export const wireId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)])

/** One size of an image the backend already made (WordPress's generated sizes), for `srcset`. */
const wireImageSize = z.object({
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
/** An image, or none: `false`, `null` or a missing key. */
export const optionalImage = z.union([wireImage, z.literal(false), z.null()]).optional()

export type WireImage = z.infer<typeof wireImage>
