import { z } from 'zod'

/** The recent posts come with the page (content.recent_posts); the block only places them. */
export const blogTeaserSchema = z.object({ heading: z.string().optional() })
export type BlogTeaserData = z.infer<typeof blogTeaserSchema>
