import { z } from 'zod'

export const heroSchema = z.object({
  eyebrow: z.string().optional(),
  heading: z.string(),
  text: z.string().optional(),
  cta: z.object({ label: z.string(), url: z.string() }).optional(),
  secondary_cta: z.object({ label: z.string(), url: z.string() }).optional(),
})
export type HeroData = z.infer<typeof heroSchema>
