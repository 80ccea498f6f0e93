import { z } from 'zod'

/** A call to open the site's support modal (requirements §2), for pages such as support. */
export const supportModalTriggerSchema = z.object({
  heading: z.string().optional(),
  text: z.string().optional(),
  button_label: z.string().min(1),
})
export type SupportModalTriggerData = z.infer<typeof supportModalTriggerSchema>
