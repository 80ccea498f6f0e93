import { z } from 'zod'

/** `body_html` is sanitized on the server (the contract's `*html` rule). */
export const richTextSchema = z.object({
  heading: z.string().optional(),
  body_html: z.string(),
})
export type RichTextData = z.infer<typeof richTextSchema>
