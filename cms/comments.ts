/**
 * Comments (docs/content-api.md, `POST /wp-comments-post.php`): new comments are held
 * for moderation; an article answer carries the approved ones.
 */
import { cmsConfig } from './config'
import { approvedComments, commentedWithin, insertPending, isDuplicate } from './comment-store'
import { published, type CmsContext } from './context'
import { clientIp } from './http'
import { localePrefix, postPath } from './paths'
import { escapeHtml } from './search'

const limits = cmsConfig.comments
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A post's approved comments as an article answer carries them: the text escaped, a paragraph per run of line breaks. */
export async function commentsOf(ctx: CmsContext, postId: number) {
  if (!ctx.database) return []
  return (await approvedComments(await ctx.database(), postId)).map((comment) => ({
    id: comment.id,
    author: comment.author,
    date: comment.createdAt,
    content: `<p>${escapeHtml(comment.content).replace(/\n+/g, '</p><p>')}</p>`,
  }))
}

/** WordPress's error page for a comment it refuses (wp_die), with its status. */
function failure(status: number, message: string): Response {
  return new Response(
    `<!DOCTYPE html><html><head><title>Comment Submission Failure</title></head><body id="error-page"><div class="wp-die-message"><p>${message}</p></div></body></html>`,
    { status, headers: { 'content-type': 'text/html; charset=utf-8' } },
  )
}

/**
 * POST /wp-comments-post.php, answered as WordPress answers: a 302 back to the post on
 * success (held for moderation), else an error page with WordPress's status and text.
 */
export async function postComment(ctx: CmsContext, request: Request): Promise<Response> {
  if (!ctx.database) return failure(503, 'Comments are not available.')
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > limits.maxRequestBytes) return failure(413, '<strong>Error:</strong> Your comment is too long.')
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return failure(400, '<strong>Error:</strong> The request could not be read.')
  }
  const field = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)).trim() : '')
  const postId = Number(field('comment_post_ID'))
  const locale = field('locale') || ctx.defaultLocale
  const content = await ctx.store.get(locale)
  const post = content ? published(content).find((candidate) => candidate.id === postId) : undefined
  if (!content || !post) return failure(404, '<strong>Error:</strong> Sorry, comments are not allowed on this item.')
  const author = field('author')
  const email = field('email')
  const text = field('comment')
  if (!author || !email) return failure(200, '<strong>Error:</strong> Please fill the required fields.')
  if (!EMAIL.test(email) || email.length > limits.maxEmailLength)
    return failure(200, '<strong>Error:</strong> Please enter a valid email address.')
  if (!text) return failure(200, '<strong>Error:</strong> Please type your comment text.')
  if (text.length > limits.maxContentLength || author.length > limits.maxAuthorLength)
    return failure(200, '<strong>Error:</strong> Your comment is too long.')
  const db = await ctx.database()
  const ip = clientIp(request)
  if (await isDuplicate(db, { postId, author, email, content: text }))
    return failure(409, 'Duplicate comment detected; it looks as though you&#8217;ve already said that!')
  if (await commentedWithin(db, email, ip, limits.floodSeconds)) return failure(429, 'You are posting comments too quickly. Slow down.')
  const id = await insertPending(db, { postId, author, email, content: text, ip })
  const location = `${localePrefix(locale, ctx.defaultLocale)}${postPath(post.slug)}?unapproved=${id}#comment-${id}`
  return new Response(null, { status: 302, headers: { Location: location } })
}
