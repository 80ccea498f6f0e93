import { z } from 'zod'
import { linkSchema } from './shared'

export const pricingPlansSchema = z.object({
  heading: z.string().optional(),
  plans: z
    .array(
      z.object({
        name: z.string(),
        price: z.string(),
        period: z.string().optional(),
        features: z.array(z.string()).max(30).default([]),
        highlighted: z.boolean().default(false),
        cta: linkSchema.optional(),
      }),
    )
    .max(6)
    .default([]),
})
export type PricingPlansData = z.infer<typeof pricingPlansSchema>
