/**
 * The page contents a screen renders only for some answers, as islands (island.tsx):
 * search results (`?s=`), and the other kind's content where a route meets an unusual
 * answer (a blog page on a page path, a page on a blog path, a category where an article
 * was expected). One code object each, so
 * every screen shares the loaded code.
 */
import { islandCode } from '../ui/island'

export const searchResultsCode = islandCode(() => import('./search/search-results').then((module) => module.SearchResults))
export const sectionsContentCode = islandCode(() => import('./sections-content').then((module) => module.SectionsContent))
export const articleContentCode = islandCode(() => import('./blog/article').then((module) => module.ArticleContent))
export const listingContentCode = islandCode(() => import('./blog/post-listing').then((module) => module.ListingContent))
export const blogContentCode = islandCode(() => import('./blog/blog-content').then((module) => module.BlogContent))

/**
 * Every code object above, loaded: what the server entry waits for before it renders, so
 * these parts are in the server's HTML like the rest of the page (search results for a
 * shared link, a reader without JavaScript) instead of streamed in for a script to place.
 */
export function preloadPageIslands() {
  return Promise.all(
    [searchResultsCode, sectionsContentCode, articleContentCode, listingContentCode, blogContentCode].map((code) => code.load()),
  )
}
