import { z } from 'zod'
import { imageSizesOf } from '../image-sizes'
import type { Image } from '../model'

/** The wire image object inside section data, turned into the app's Image. */
export const imageSchema = z
  .object({
    url: z.string(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    alt: z.string().optional(),
    srcset: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })).optional(),
  })
  .transform((image): Image => {
    const shape = { src: image.url, width: image.width ?? 0, height: image.height ?? 0 }
    // The server emptied any URL the site would not use (reshape.ts, sanitizeSectionData).
    return { ...shape, alt: image.alt ?? '', error: false, sizes: imageSizesOf(shape, image.srcset, (url) => url || null) }
  })

export const linkSchema = z.object({ label: z.string(), url: z.string() })
