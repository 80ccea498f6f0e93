/**
 * Requirements §7: article comments, posted through a server function to the backend's
 * `wp-comments-post.php`. The visitor's browser never calls the backend itself.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { siteConfig } from '../../config/site'
import { localeSchema } from '../../contract/queries'
import { getContentSource } from '../content/get-content-source.server'
import { guardComment } from './form-guard.server'
import { requestVisitor } from '../http/visitor.server'

// The schema stays inside the validator: Start strips it from the browser's bundle there (an exported one would stay).
export const postComment = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      locale: localeSchema,
      postId: z.string().regex(/^\d{1,20}$/),
      author: z.string().trim().max(siteConfig.comments.maxAuthorLength),
      email: z.string().trim().max(siteConfig.comments.maxEmailLength),
      comment: z.string().trim().max(siteConfig.comments.maxContentLength),
      /** The form's fill-time stamp and its honeypot (form-guard.server.ts). */
      stamp: z.string().max(200).optional(),
      honeypot: z.string().max(2000).optional(),
    }),
  )
  .handler(async ({ data }) => {
    const guarded = await guardComment(data)
    if (guarded) return guarded
    const { stamp: _stamp, honeypot: _honeypot, ...comment } = data
    return getContentSource().postComment({ ...comment, visitorIp: requestVisitor().ip || null })
  })
