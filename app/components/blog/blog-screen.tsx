/**
 * The screen of the blog routes (requirements §2: the blog home, categories, articles): the page
 * their loader returned; the search results when `s` was given.
 * A route names the content it expects (`article` or `listing`), whose code is then in
 * its first load; the other kind, which its path can also answer (/blog/{x} is an article
 * or a category), loads as an island.
 */
import type { ComponentType } from 'react'
import type { ArticlePage, ListingPage } from '../../contract/model'
import { Island } from '../../ui/island'
import { PageFrame } from '../page-frame'
import { articleContentCode, blogContentCode, listingContentCode, searchResultsCode, sectionsContentCode } from '../page-islands'
import type { PageScreenProps } from '../page-screen'
import type { BlogContentProps } from './blog-content'

export interface BlogScreenProps extends PageScreenProps {
  article?: ComponentType<BlogContentProps<ArticlePage>>
  listing?: ComponentType<BlogContentProps<ListingPage>>
}

export function BlogScreen({ query, data, list, layout, listPage, article: Article, listing: Listing }: BlogScreenProps) {
  const { page } = data
  const props = { data, locale: query.locale, listPage, list }
  return (
    <PageFrame data={data} layout={layout}>
      {page.search ? (
        <Island id="page-search" code={searchResultsCode} props={{ search: page.search, suggestions: data.menus.primary }} loading="now" />
      ) : page.kind === 'page' ? (
        <Island id="page-sections" code={sectionsContentCode} props={{ data, page }} loading="now" />
      ) : page.kind === 'item' ? (
        <Island id="page-blog" code={blogContentCode} props={{ page, ...props }} loading="now" />
      ) : page.kind === 'post' ? (
        Article ? (
          <Article page={page} {...props} />
        ) : (
          <Island id="page-article" code={articleContentCode} props={{ page, ...props }} loading="now" />
        )
      ) : Listing ? (
        <Listing page={page} {...props} />
      ) : (
        <Island id="page-listing" code={listingContentCode} props={{ page, ...props }} loading="now" />
      )}
    </PageFrame>
  )
}
