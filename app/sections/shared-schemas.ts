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
