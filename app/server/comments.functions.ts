/**
 * SPEC §7: article comments, posted through a server function to the backend's
 * `wp-comments-post.php`. The visitor's browser never calls the backend itself.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { localeSchema } from '../content/queries'
import { getContentSource } from './content/content-source.server'
import { requestVisitor } from './visitor.server'

export const commentInput = z.object({
  locale: localeSchema,
  postId: z.string().regex(/^\d{1,20}$/),
  author: z.string().trim().max(245),
  email: z.string().trim().max(100),
  comment: z.string().trim().max(65_525),
})

export const postComment = createServerFn({ method: 'POST' })
  .validator(commentInput)
  .handler(async ({ data }) => {
    return getContentSource().postComment({ ...data, visitorIp: requestVisitor().ip || null })
  })
