/**
 * The screen of the blog routes (SPEC §2: the blog home, categories, articles): the page
 * their loader ensured, read from the same query; the search results when `s` was given.
 */
import { useSuspenseQuery } from '@tanstack/react-query'
import { pageQueryOptions } from '../../server/content.functions'
import { Island } from '../island'
import { PageFrame } from '../page-frame'
import { searchResultsCode, sectionsContentCode } from '../page-islands'
import type { PageScreenProps } from '../page-screen'
import { BlogContent } from './blog-content'

export function BlogScreen({ query, layout, listPage }: PageScreenProps) {
  const { data } = useSuspenseQuery(pageQueryOptions(query))
  const { page } = data
  return (
    <PageFrame data={data} layout={layout}>
      {page.search ? (
        <Island id="page-search" code={searchResultsCode} props={{ search: page.search, suggestions: data.menus.primary }} loading="now" />
      ) : page.kind === 'page' ? (
        <Island id="page-sections" code={sectionsContentCode} props={{ data, page }} loading="now" />
      ) : (
        <BlogContent data={data} page={page} locale={query.locale} listPage={listPage} />
      )}
    </PageFrame>
  )
}
