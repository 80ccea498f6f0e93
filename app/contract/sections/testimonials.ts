import { z } from 'zod'

export const testimonialsSchema = z.object({
  heading: z.string().optional(),
  items: z
    .array(z.object({ quote: z.string(), name: z.string(), role: z.string().optional() }))
    .max(12)
    .default([]),
})
export type TestimonialsData = z.infer<typeof testimonialsSchema>
