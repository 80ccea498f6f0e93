/**
 * Requirements §7: the article's approved comments and a comment form (name, email, comment)
 * posted through a server function to the backend's wp-comments-post.php. New comments
 * are held for moderation; WordPress's answers (duplicate, too fast, missing fields)
 * come back as messages.
 */
import type { ArticlePage } from '../../contract/model'
import { m } from '../../paraglide/messages'
import { Island, islandCode } from '../../ui/island'
import { DateText } from '../../ui/blog/format-date'
import { BELOW_FOLD } from '../../ui/below-fold'

const commentFormCode = islandCode(() => import('./comment-form').then((module) => module.default))

export function Comments({ postId, comments }: { postId: string; comments: ArticlePage['comments'] }) {
  return (
    <section aria-labelledby="comments-heading" className="mt-16 border-t border-line pt-10">
      <h2 id="comments-heading" className="text-2xl font-black text-ink">
        {m.comments_heading()}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-ink-soft">{m.comments_none()}</p>
      ) : (
        <ol {...BELOW_FOLD} className="mt-6 space-y-6">
          {comments.map((comment) => (
            <li key={comment.id} id={`comment-${comment.id}`} className="rounded-2xl bg-surface-alt p-5">
              <p className="text-sm text-ink-muted">
                <strong className="text-ink">{comment.author}</strong> · <DateText value={comment.date} />
              </p>
              <div className="cms-html mt-2" dangerouslySetInnerHTML={{ __html: comment.contentHtml }} />
            </li>
          ))}
        </ol>
      )}
      <Island id="comment-form" code={commentFormCode} props={{ postId }} loading="interactive" />
    </section>
  )
}
