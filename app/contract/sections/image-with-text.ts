import { z } from 'zod'
import { imageSchema } from './shared'

/** `body_html` is sanitized on the server. */
export const imageWithTextSchema = z.object({
  heading: z.string(),
  body_html: z.string(),
  image: imageSchema,
  image_side: z.enum(['left', 'right']).default('right'),
})
export type ImageWithTextData = z.infer<typeof imageWithTextSchema>
