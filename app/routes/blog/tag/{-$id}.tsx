import { createFileRoute, notFound } from '@tanstack/react-router'
import { type Locale, siteConfig } from '../../../config/site'
import type { PostsFilter } from '../../../contract/queries'
import { isSlug } from '../../../contract/page-name'
import { ListingContent, PostListing } from '../../../components/blog/post-listing'
import { BlogScreen } from '../../../components/blog/blog-screen'
import { PageFrame } from '../../../components/page-frame'
import type { PageScreenProps } from '../../../components/page-screen'
import { POSTS_TAG } from '../../../contract/cache-tags'
import { blogPageName, pageSearchDeps, selectedTag } from '../../../site-rules/page-selection'
import { m } from '../../../paraglide/messages'
import { requestPosts, requestTagId } from '../../../content-requests'
import { loadPage, notFoundIn, pageHead } from '../../-page-route'

const tagFilter = (locale: Locale, tagId: string): PostsFilter => ({ locale, tag: tagId, perPage: siteConfig.content.postsPerPage })

/**
 * Requirements §2: /blog/tag/{id?}. The slug becomes a tag id through /api/wp/v2/tags (null on
 * failure: 404) and sets the selected tag; without a slug the selected tag is "all".
 */
export const Route = createFileRoute('/blog/tag/{-$id}')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context, params }) => {
    const tag = selectedTag(params.id)
    if (tag !== 'all' && !isSlug(tag)) throw notFound()
    const { data, loaderData } = await loadPage(context, { pageName: blogPageName }, { withList: tag === 'all' })
    if (tag === 'all') return { ...loaderData, tag, tagId: null }
    const { locale } = loaderData.query
    const tagId = await requestTagId({ locale, slug: tag })
    if (tagId === null) notFoundIn(data)
    const list = await requestPosts(tagFilter(locale, tagId), loaderData.listPage)
    return { ...loaderData, list, cacheTags: [...loaderData.cacheTags, POSTS_TAG], tag, tagId }
  },
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  const { tag, tagId, ...page } = Route.useLoaderData()
  if (tagId === null) return <BlogScreen {...page} listing={ListingContent} />
  return <TagListing {...page} tag={tag} tagId={tagId} />
}

function TagListing(props: PageScreenProps & { tag: string; tagId: string }) {
  const { data } = props
  const name = data.page.tags.find((term) => term.slug === props.tag)?.name ?? props.tag
  return (
    <PageFrame data={data} layout={props.layout}>
      <PostListing
        title={m.tag_heading({ tag: name })}
        filter={tagFilter(props.query.locale, props.tagId)}
        startPage={props.listPage}
        first={props.list}
      />
    </PageFrame>
  )
}
