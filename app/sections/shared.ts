import { z } from 'zod'
import type { Image } from '../content/model'

/** The wire image object inside section data, turned into the app's Image. */
export const imageSchema = z
  .object({
    url: z.string(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    alt: z.string().optional(),
  })
  .transform((image): Image => ({ src: image.url, width: image.width ?? 0, height: image.height ?? 0, alt: image.alt ?? '', error: false }))

export const linkSchema = z.object({ label: z.string(), url: z.string() })

/**
 * A block's heading tags: its own heading continues the page outline (h1 only when the
 * block is the page's title), and its items sit one level below it.
 */
export function blockHeadings(level: 1 | 2, hasHeading: boolean) {
  const Heading = level === 1 ? ('h1' as const) : ('h2' as const)
  const Item = hasHeading ? (level === 1 ? ('h2' as const) : ('h3' as const)) : Heading
  return { Heading, Item }
}
