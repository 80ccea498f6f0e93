import { z } from 'zod'
import { imageSchema } from './shared'

export const heroSchema = z.object({
  eyebrow: z.string().optional(),
  heading: z.string(),
  text: z.string().optional(),
  cta: z.object({ label: z.string(), url: z.string() }).optional(),
  secondary_cta: z.object({ label: z.string(), url: z.string() }).optional(),
  /** Behind the text, under a brand-coloured wash that keeps it readable. */
  background_image: imageSchema.optional(),
})
export type HeroData = z.infer<typeof heroSchema>
