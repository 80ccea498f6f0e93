import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import type { PostSummary } from '../../contract/model'
import { CmsLink } from '../cms-link'
import { Image } from '../image'
import { DateText } from './format-date'

/**
 * A post in a listing: featured image, title, excerpt, date, category, reading time. `href`: an item's path (decision 029), else the article's.
 * `priority`: the listing's first card, whose image is the page's largest paint: loaded at once, with high priority.
 */
export function PostCard({
  post,
  headingLevel = 2,
  href,
  priority = false,
}: {
  post: PostSummary
  headingLevel?: 2 | 3
  href?: string
  priority?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md">
      {post.featuredImage && (
        <Image
          image={post.featuredImage}
          alt=""
          priority={priority}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          className="aspect-[1200/630] w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap gap-x-2 text-sm text-ink-muted">
          <DateText value={post.date} />
          {post.categories[0] && <span>· {post.categories[0].name}</span>}
          {post.readingMinutes && <span>· {m.blog_reading_time({ minutes: post.readingMinutes })}</span>}
        </p>
        <Heading className="mt-2 text-xl font-bold text-ink">
          {href ? (
            <CmsLink href={href} internal className="group-hover:text-link after:absolute after:inset-0">
              {post.title}
            </CmsLink>
          ) : (
            <Link to="/blog/$slug" params={{ slug: post.slug }} className="group-hover:text-link after:absolute after:inset-0">
              {post.title}
            </Link>
          )}
        </Heading>
        <div className="mt-3 flex-1 text-ink-soft" dangerouslySetInnerHTML={{ __html: post.excerptHtml }} />
      </div>
    </article>
  )
}
