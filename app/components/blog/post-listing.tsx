/**
 * Requirements §2 and §4: a blog listing. The first page (or the page the URL asks for) is
 * rendered on the server; "Load more" appends the next page (an infinite query over
 * /api/v1/posts). The button is a real link to `?page=N+1`, so crawlers and visitors
 * without JavaScript page through the same list.
 */
import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { useState, type MouseEvent } from 'react'
import { m } from '../../paraglide/messages'
import type { ListingPage } from '../../contract/model'
import type { PostsFilter } from '../../contract/queries'
import { typePath } from '../../contract/content-types'
import { listingFilter } from '../../site-rules/listing'
import { postListQueryOptions } from '../../query-options'
import type { BlogContentProps } from './blog-content'
import { PostCard } from '../../ui/blog/post-card'

/** A listing answer (the blog home or a category) as its page. */
export function ListingContent({ page, locale, listPage }: BlogContentProps<ListingPage>) {
  const title = page.category ? m.category_heading({ category: page.category.name }) : page.title
  // An archive's items (decision 029) are listed the same way; their cards link to the site's path for them.
  return <PostListing title={title} filter={listingFilter(page, locale)} startPage={listPage} />
}

export interface PostListingProps {
  title: string
  filter: PostsFilter
  startPage: number
}

export function PostListing({ title, filter, startPage }: PostListingProps) {
  const query = useSuspenseInfiniteQuery(postListQueryOptions(filter, startPage))
  const [announcement, setAnnouncement] = useState('')
  const posts = query.data.pages.flatMap((page) => page.posts)
  // The same post never shows twice, even if the backend's pages shift under us.
  const unique = posts.filter((post, index) => posts.findIndex((other) => other.id === post.id) === index)
  const failed = query.data.pages.some((page) => page.failed)
  const lastPage = query.data.pages.at(-1)?.pagination?.page ?? startPage
  const nextPage = query.hasNextPage ? lastPage + 1 : null

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    const before = unique.length
    void query.fetchNextPage().then((result) => {
      const after = new Set(result.data?.pages.flatMap((page) => page.posts.map((post) => post.id))).size
      setAnnouncement(m.blog_loaded_more({ count: Math.max(0, after - before) }))
    })
  }

  return (
    <section className="mx-auto max-w-site px-4 py-14 sm:px-6" aria-labelledby="listing-title">
      <h1 id="listing-title" className="text-4xl font-black tracking-tight text-ink sm:text-5xl">
        {title}
      </h1>
      {unique.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-line-strong bg-surface-alt p-8 text-center text-ink-soft" role="status">
          {failed ? m.blog_list_failed() : m.blog_no_posts()}
        </p>
      ) : (
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
          {unique.map((post, index) => (
            <li key={post.id} className="flex">
              <PostCard
                post={post}
                priority={index === 0}
                href={filter.type ? (typePath(filter.locale, filter.type, post.slug) ?? undefined) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {nextPage !== null && (
        <nav aria-label={m.blog_load_more()} className="mt-12 flex justify-center">
          <a
            href={`?page=${nextPage}`}
            onClick={loadMore}
            aria-disabled={query.isFetchingNextPage || undefined}
            className="inline-flex items-center gap-2 rounded-full border-2 border-link px-8 py-3 font-bold text-link hover:bg-tint aria-disabled:opacity-60"
          >
            {query.isFetchingNextPage ? `${m.loading()}…` : m.blog_load_more()}
          </a>
        </nav>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  )
}
