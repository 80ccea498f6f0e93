import { z } from 'zod'
import { linkSchema } from './shared'

export const servicesGridSchema = z.object({
  heading: z.string().optional(),
  services: z
    .array(z.object({ title: z.string(), text: z.string(), link: linkSchema.optional() }))
    .max(24)
    .default([]),
})
export type ServicesGridData = z.infer<typeof servicesGridSchema>
