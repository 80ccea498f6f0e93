/**
 * The blog's pages (requirements §2): an article, or a listing (the blog home or a category)
 * whose posts "Load more" appends. Each kind is its own module, so a route's first load
 * carries only the kind it expects (blog-screen.tsx); this one renders either, for a blog
 * answer where a page was expected.
 */
import type { Locale } from '../../config/site'
import type { ArticlePage, ItemPage, ListingPage, PageData, PostList } from '../../contract/model'
import { ItemArticle } from '../items/item-article'
import { ArticleContent } from './article'
import { ListingContent } from './post-listing'

export interface BlogContentProps<P extends ArticlePage | ListingPage = ArticlePage | ListingPage> {
  data: PageData
  page: P
  locale: Locale
  /** The page of a listing the URL asked for (`?page=N`). */
  listPage: number
  /** A listing's first page shown, the one `listPage` names (app/routes/-page-route.tsx). */
  list: PostList | null
}

/** An article, an item of a content type (decision 029) or a listing of either. */
export function BlogContent({ page, ...props }: Omit<BlogContentProps, 'page'> & { page: ArticlePage | ListingPage | ItemPage }) {
  if (page.kind === 'item') return <ItemArticle page={page} data={props.data} locale={props.locale} />
  return page.kind === 'post' ? <ArticleContent page={page} {...props} /> : <ListingContent page={page} {...props} />
}
