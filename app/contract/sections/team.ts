import { z } from 'zod'
import { imageSchema } from './shared'

export const teamSchema = z.object({
  heading: z.string().optional(),
  members: z
    .array(z.object({ name: z.string(), role: z.string(), photo: imageSchema.optional() }))
    .max(60)
    .default([]),
})
export type TeamData = z.infer<typeof teamSchema>
