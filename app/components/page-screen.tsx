/**
 * The screen of the page routes (`/`, the catch-all, `/login`): the page their loader
 * returned. A page of sections, or the search results when `s`
 * was given (requirements §2). The blog routes have their own screen (blog/blog-screen.tsx), so
 * neither carries the other's code.
 */
import type { PageData, PostList } from '../contract/model'
import type { PageQuery } from '../contract/queries'
import { Island } from '../ui/island'
import { PageFrame } from './page-frame'
import { blogContentCode, searchResultsCode } from './page-islands'
import { SectionsContent } from './sections-content'

export interface PageScreenProps {
  query: PageQuery
  data: PageData
  /** A blog list's first page shown (app/routes/-page-route.tsx). */
  list: PostList | null
  layout: 'default' | 'static'
  /** The page of a blog listing the URL asked for (`?page=N`). */
  listPage: number
}

export function PageScreen({ query, data, list, layout, listPage }: PageScreenProps) {
  const { page } = data
  return (
    <PageFrame data={data} layout={layout}>
      {page.search ? (
        <Island id="page-search" code={searchResultsCode} props={{ search: page.search, suggestions: data.menus.primary }} loading="now" />
      ) : page.kind === 'page' ? (
        <SectionsContent data={data} page={page} />
      ) : (
        <Island id="page-blog" code={blogContentCode} props={{ data, page, locale: query.locale, listPage, list }} loading="now" />
      )}
    </PageFrame>
  )
}
