import { z } from 'zod'

export const cardsSchema = z.object({
  heading: z.string().optional(),
  intro: z.string().optional(),
  items: z
    .array(z.object({ title: z.string(), text: z.string().optional(), link: z.object({ label: z.string(), url: z.string() }).optional() }))
    .max(24)
    .default([]),
})
export type CardsData = z.infer<typeof cardsSchema>
