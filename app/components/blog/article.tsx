/**
 * The article page: title, author, date, featured image, content (sanitized, headings
 * with anchors), categories and tags as links, share links, previous/next, recent posts,
 * the sidebar widgets and the comments.
 */
import { Link } from '@tanstack/react-router'
import { absoluteUrl } from '../../site-rules/seo'
import { localizePath } from '../../lib/url'
import { m } from '../../paraglide/messages'
import type { ArticlePage, Page } from '../../contract/model'
import { SocialIcon } from '../../ui/icons'
import { Image } from '../../ui/image'
import { BELOW_FOLD } from '../../ui/below-fold'
import type { BlogContentProps } from './blog-content'
import { Comments } from './comments'
import { DateText, NumberText } from '../../ui/blog/format-date'

/**
 * An article answer as its page. What follows the article's text (and the sidebar, below it on a
 * phone) waits to be rendered until it nears the viewport, as a page's later sections do; the
 * comment form does not (components/blog/comments.tsx).
 */
export function ArticleContent({ data, page, locale }: BlogContentProps<ArticlePage>) {
  const { post } = page
  const url = absoluteUrl(data.options.siteUrl, localizePath(`/blog/${post.slug}`, locale)) ?? ''
  return (
    <div className="mx-auto grid max-w-site gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <article className="min-w-0">
        <header>
          <p className="flex flex-wrap gap-x-2 text-sm text-ink-muted">
            <DateText value={post.date} />
            {post.author && <span>· {m.blog_by_author({ author: post.author })}</span>}
            {post.readingMinutes && <span>· {m.blog_reading_time({ minutes: post.readingMinutes })}</span>}
          </p>
          <h1 className="mt-3 text-4xl font-black tracking-tight text-ink sm:text-5xl">{post.title}</h1>
          {post.categories.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={m.blog_categories()}>
              {post.categories.map((category) => (
                <li key={category.id}>
                  <Link to="/blog/category/{-$id}" params={{ id: category.slug }} className="text-sm font-bold text-link hover:underline">
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </header>
        {post.featuredImage && (
          <div className="mt-8">
            <Image
              image={post.featuredImage}
              priority
              sizes="(min-width: 1024px) 48rem, 100vw"
              className="aspect-[1200/630] w-full rounded-2xl object-cover"
            />
          </div>
        )}
        <div className="cms-html mt-8 max-w-3xl text-lg" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
        {/* The margins are the wrapper's: a part that may skip its rendering keeps its children's margins inside it. */}
        <div {...BELOW_FOLD} className="mt-10 space-y-10">
          {post.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={m.blog_tags()}>
              {post.tags.map((tag) => (
                <li key={tag.id}>
                  <Link
                    to="/blog/tag/{-$id}"
                    params={{ id: tag.slug }}
                    className="inline-block rounded-full bg-tint px-3 py-1 text-sm font-bold text-on-tint hover:bg-tint-strong"
                  >
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <ShareLinks url={url} title={post.title} />
          {(page.previousPost || page.nextPost) && (
            <nav aria-label={`${m.blog_previous()} / ${m.blog_next()}`} className="grid gap-4 border-t border-line pt-8 sm:grid-cols-2">
              {page.previousPost ? (
                <Link
                  to="/blog/$slug"
                  params={{ slug: page.previousPost.slug }}
                  rel="prev"
                  className="rounded-2xl border border-line p-4 hover:border-link"
                >
                  <span className="text-sm text-ink-muted">← {m.blog_previous()}</span>
                  <span className="mt-1 block font-bold text-ink">{page.previousPost.title}</span>
                </Link>
              ) : (
                <span />
              )}
              {page.nextPost && (
                <Link
                  to="/blog/$slug"
                  params={{ slug: page.nextPost.slug }}
                  rel="next"
                  className="rounded-2xl border border-line p-4 text-right hover:border-link"
                >
                  <span className="text-sm text-ink-muted">{m.blog_next()} →</span>
                  <span className="mt-1 block font-bold text-ink">{page.nextPost.title}</span>
                </Link>
              )}
            </nav>
          )}
        </div>
        <Comments postId={post.id} comments={page.comments} />
      </article>
      <Sidebar page={page} />
    </div>
  )
}

function ShareLinks({ url, title }: { url: string; title: string }) {
  const encoded = encodeURIComponent(url)
  const text = encodeURIComponent(title)
  const links = [
    { network: 'linkedin' as const, label: m.share_linkedin(), href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
    { network: 'twitter' as const, label: m.share_x(), href: `https://twitter.com/intent/tweet?url=${encoded}&text=${text}` },
    { network: 'facebook' as const, label: m.share_facebook(), href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
  ]
  return (
    <section aria-label={m.blog_share()} className="flex flex-wrap items-center gap-2">
      <span className="mr-2 text-sm font-bold text-ink">{m.blog_share()}</span>
      {links.map((link) => (
        <a
          key={link.network}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={link.label}
          className="flex h-11 w-11 items-center justify-center rounded-full border border-line-strong text-ink-soft hover:border-focus hover:text-link"
        >
          <SocialIcon network={link.network} size={18} />
        </a>
      ))}
      <a
        href={`mailto:?subject=${text}&body=${encoded}`}
        className="rounded-full border border-line-strong px-4 py-2.5 text-sm font-bold text-ink-soft hover:border-focus hover:text-link"
      >
        {m.share_email()}
      </a>
    </section>
  )
}

/** Requirements §3 widgets by area ('sidebar'): text, media image, recent posts, categories, custom HTML. */
function Sidebar({ page }: { page: Page }) {
  const widgets = page.widgets.sidebar ?? []
  if (widgets.length === 0) return null
  return (
    <aside {...BELOW_FOLD} className="space-y-8 lg:pt-2">
      {widgets.map((widget) => (
        <section key={widget.id} className="rounded-2xl border border-line p-5" data-widget={widget.type}>
          {widget.title && <h2 className="text-lg font-black text-ink">{widget.title}</h2>}
          {widget.type === 'recent_posts' ? (
            <ul className="mt-3 space-y-3">
              {page.recentPosts.map((post) => (
                <li key={post.id}>
                  <Link to="/blog/$slug" params={{ slug: post.slug }} className="font-bold text-ink-soft hover:text-link">
                    {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : widget.type === 'categories' ? (
            <ul className="mt-3 space-y-2">
              {page.categories.map((category) => (
                <li key={category.id}>
                  <Link to="/blog/category/{-$id}" params={{ id: category.slug }} className="text-ink-soft hover:text-link">
                    {category.name}{' '}
                    <span className="text-ink-muted">
                      (<NumberText value={category.count} />)
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="cms-html mt-2 text-sm" dangerouslySetInnerHTML={{ __html: widget.contentHtml }} />
          )}
        </section>
      ))}
    </aside>
  )
}
