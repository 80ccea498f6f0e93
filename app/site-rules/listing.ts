/** The blog listing's filter for a blog or category page (the tag page builds its own). */
import { type Locale, siteConfig } from '../config/site'
import type { ListingPage, PostList } from '../contract/model'
import type { PostsFilter } from '../contract/queries'

export function listingFilter(page: ListingPage, locale: Locale): PostsFilter {
  const filter: PostsFilter = { locale, category: page.category?.slug, perPage: siteConfig.content.postsPerPage }
  // A content type's archive lists its items (decision 029).
  if (page.itemType !== null) filter.type = page.itemType
  return filter
}

/**
 * The listing's first page at the site's size, from the page answer's `filtered_blogs`
 * (requirements §3.2), so a listing costs one backend call, not two; null when the answer
 * does not hold the whole first page (then `/api/v1/posts` is asked). The backend may list
 * more per page than the site shows: its first `postsPerPage` are the site's page 1, and
 * "Load more" asks `/api/v1/posts` for page 2 at the site's size, which follows on.
 */
export function firstListPage(page: ListingPage): PostList | null {
  const first = page.firstPosts
  if (!first?.pagination || first.pagination.page !== 1) return null
  const perPage = siteConfig.content.postsPerPage
  const { total } = first.pagination
  if (first.posts.length < Math.min(perPage, total)) return null
  return {
    posts: first.posts.slice(0, perPage),
    pagination: { page: 1, perPage, total, totalPages: Math.ceil(total / perPage) },
  }
}
