import { z } from 'zod'

export const statisticsSchema = z.object({
  heading: z.string().optional(),
  items: z
    .array(z.object({ value: z.string().max(20), label: z.string() }))
    .max(8)
    .default([]),
})
export type StatisticsData = z.infer<typeof statisticsSchema>
