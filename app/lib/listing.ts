/** The blog listing's filter for a blog or category page (the tag page builds its own). */
import { siteConfig, type Locale } from '../../app.config'
import type { ListingPage } from '../content/model'
import type { PostsFilter } from '../content/queries'

export function listingFilter(page: ListingPage, locale: Locale): PostsFilter {
  return { locale, category: page.category?.slug, perPage: siteConfig.content.postsPerPage }
}
