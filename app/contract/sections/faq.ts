import { z } from 'zod'

/** `answer_html` is sanitized on the server (the contract's `*html` rule). */
export const faqSchema = z.object({
  heading: z.string().optional(),
  items: z
    .array(z.object({ question: z.string().min(1), answer_html: z.string() }))
    .max(50)
    .default([]),
})
export type FaqData = z.infer<typeof faqSchema>
