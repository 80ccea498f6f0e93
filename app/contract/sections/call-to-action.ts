import { z } from 'zod'

export const callToActionSchema = z.object({
  heading: z.string(),
  text: z.string().optional(),
  button: z.object({ label: z.string(), url: z.string() }),
})
export type CallToActionData = z.infer<typeof callToActionSchema>
