/**
 * The blog's pages (SPEC §2): an article, or a listing (the blog home or a category)
 * whose posts "Load more" appends.
 */
import type { Locale } from '../../../app.config'
import type { ArticlePage, ListingPage, PageData } from '../../content/model'
import { listingFilter } from '../../lib/listing'
import { m } from '../../paraglide/messages'
import { ArticleView } from './article'
import { PostListing } from './post-listing'

export interface BlogContentProps {
  data: PageData
  page: ArticlePage | ListingPage
  locale: Locale
  /** The page of a listing the URL asked for (`?page=N`). */
  listPage: number
}

export function BlogContent({ data, page, locale, listPage }: BlogContentProps) {
  if (page.kind === 'post') return <ArticleView page={page} options={data.options} />
  const title = page.category ? m.category_heading({ category: page.category.name }) : page.title
  return <PostListing title={title} filter={listingFilter(page, locale)} startPage={listPage} />
}
