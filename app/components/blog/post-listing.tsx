/**
 * Requirements §2 and §4: a blog listing. The first page (or the page the URL asks for) is
 * rendered on the server; "Load more" appends the next page (from /api/v1/posts). The button
 * is a real link to `?page=N+1`, so crawlers and visitors without JavaScript page through the
 * same list.
 */
import { useState, type MouseEvent } from 'react'
import { m } from '../../paraglide/messages'
import type { ListingPage, PostList } from '../../contract/model'
import type { PostsFilter } from '../../contract/queries'
import { typePath } from '../../contract/content-types'
import { listingFilter } from '../../site-rules/listing'
import { requestPosts } from '../../content-requests'
import type { BlogContentProps } from './blog-content'
import { PostCard } from '../../ui/blog/post-card'
import { reloadAfterChunkError } from '../../ui/chunk-reload'

/** A listing answer (the blog home or a category) as its page. */
export function ListingContent({ page, locale, listPage, list }: BlogContentProps<ListingPage>) {
  const title = page.category ? m.category_heading({ category: page.category.name }) : page.title
  // An archive's items (decision 029) are listed the same way; their cards link to the site's path for them.
  return <PostListing title={title} filter={listingFilter(page, locale)} startPage={listPage} first={list} />
}

export interface PostListingProps {
  title: string
  filter: PostsFilter
  startPage: number
  /** The list's first page shown, as the route's loader returned it. */
  first: PostList | null
}

/**
 * The pages "Load more" appended to each list in this tab, for as long as the router keeps
 * the page (30 minutes, app/router.tsx): a visitor who goes Back finds the list as long as
 * they left it, and the place they were in it. (The popups keep theirs with
 * lib/recent-values.ts, which stays out of this chunk so a popup does not load the list's.)
 */
const KEEP_APPENDED_MS = 30 * 60_000
const appendedPages = new Map<string, { pages: PostList[]; at: number }>()

function keptPages(key: string): PostList[] {
  // Only the browser keeps pages between visits: the server's module is shared by every request.
  if (typeof window === 'undefined') return []
  const kept = appendedPages.get(key)
  if (kept && Date.now() - kept.at < KEEP_APPENDED_MS) return kept.pages
  appendedPages.delete(key)
  return []
}

const listKey = (filter: PostsFilter, startPage: number) =>
  JSON.stringify([filter.locale, filter.tag, filter.category, filter.search, filter.perPage, filter.type, startPage])

const hasNext = (list: PostList | undefined) => Boolean(list?.pagination && list.pagination.page < list.pagination.totalPages)

export function PostListing({ title, filter, startPage, first }: PostListingProps) {
  const key = listKey(filter, startPage)
  const firstPages = first ? [first] : []
  const [list, setList] = useState(() => ({ key, first, appended: keptPages(key) }))
  // Which list a "Load more" is under way for: another list the visitor moved to is not held up by it.
  const [loadingKey, setLoadingKey] = useState<string | null>(null)
  const loading = loadingKey === key
  // What the last "Load more" said, and of which list: the list the visitor moved to meanwhile hears nothing of another.
  const [announcement, setAnnouncement] = useState({ key, text: '' })
  // Another list, or this one's first page refreshed by the router: its appended pages are the ones kept for it.
  if (list.key !== key || list.first !== first) setList({ key, first, appended: keptPages(key) })
  const pages = [...firstPages, ...(list.key === key ? list.appended : keptPages(key))]
  const posts = pages.flatMap((page) => page.posts)
  // The same post never shows twice, even if the backend's pages shift under us.
  const unique = posts.filter((post, index) => posts.findIndex((other) => other.id === post.id) === index)
  const failed = pages.some((page) => page.failed)
  const lastPage = pages.at(-1)?.pagination?.page ?? startPage
  const nextPage = hasNext(pages.at(-1)) ? lastPage + 1 : null

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    if (loading || nextPage === null) return
    setLoadingKey(key)
    const done = (text: string) => {
      setLoadingKey((current) => (current === key ? null : current))
      setAnnouncement({ key, text })
    }
    requestPosts(filter, nextPage).then(
      (next) => {
        // The backend's failure comes as an empty page marked failed: nothing is appended, and the link stays to try again.
        if (next.failed) return done(m.blog_list_failed())
        const appended = [...pages.slice(firstPages.length), next]
        appendedPages.set(key, { pages: appended, at: Date.now() })
        setList((current) => (current.key === key ? { ...current, appended } : current))
        const ids = new Set(unique.map((post) => post.id))
        done(m.blog_loaded_more({ count: next.posts.filter((post) => !ids.has(post.id)).length }))
      },
      // The network failed: the link still works, to try again or to follow to `?page=N+1`. The
      // request's code failing to load (a newer deploy removed it) reloads the page (requirements §8).
      (error: unknown) => {
        reloadAfterChunkError(error)
        done(m.blog_list_failed())
      },
    )
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
            aria-disabled={loading || undefined}
            className="inline-flex items-center gap-2 rounded-full border-2 border-link px-8 py-3 font-bold text-link hover:bg-tint aria-disabled:opacity-60"
          >
            {loading ? `${m.loading()}…` : m.blog_load_more()}
          </a>
        </nav>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement.key === key ? announcement.text : ''}
      </p>
    </section>
  )
}
