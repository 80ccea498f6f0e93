/**
 * SPEC §7: article comments, posted through a server function to the backend's
 * `wp-comments-post.php`. The visitor's browser never calls the backend itself.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { siteConfig } from '../../app.config'
import { localeSchema } from '../content/queries'
import { getContentSource } from './content/content-source.server'
import { requestVisitor } from './visitor.server'

// The schema stays inside the validator: Start strips it from the browser's bundle there (an exported one would stay).
export const postComment = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      locale: localeSchema,
      postId: z.string().regex(/^\d{1,20}$/),
      author: z.string().trim().max(siteConfig.comments.maxAuthorLength),
      email: z.string().trim().max(siteConfig.comments.maxEmailLength),
      comment: z.string().trim().max(siteConfig.comments.maxContentLength),
    }),
  )
  .handler(async ({ data }) => {
    return getContentSource().postComment({ ...data, visitorIp: requestVisitor().ip || null })
  })
