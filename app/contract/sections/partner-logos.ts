import { z } from 'zod'
import { imageSchema } from './shared'

export const partnerLogosSchema = z.object({
  heading: z.string().optional(),
  logos: z
    .array(z.object({ name: z.string(), logo: imageSchema }))
    .max(24)
    .default([]),
})
export type PartnerLogosData = z.infer<typeof partnerLogosSchema>
