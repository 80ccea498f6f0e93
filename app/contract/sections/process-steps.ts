import { z } from 'zod'

export const processStepsSchema = z.object({
  heading: z.string().optional(),
  steps: z
    .array(z.object({ title: z.string(), text: z.string() }))
    .max(12)
    .default([]),
})
export type ProcessStepsData = z.infer<typeof processStepsSchema>
