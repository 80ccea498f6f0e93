import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { PostListing } from '../../../components/blog/post-listing'
import { PageScreen } from '../../../components/page-view'
import { SiteLayout } from '../../../components/shell/layouts'
import { blogPageName, selectedTag, siteSearchSchema } from '../../../lib/page-selection'
import { siteConfig, type Locale } from '../../../../app.config'
import { m } from '../../../paraglide/messages'
import { pageQueryOptions, postListQueryOptions, tagIdQueryOptions } from '../../../server/content.functions'
import { loadPageByPath, pageHead } from '../../-page-route'

const tagFilter = (locale: Locale, tag: string) => ({ locale, tag, perPage: siteConfig.content.postsPerPage })

/**
 * SPEC §2: /blog/tag/{id?}. The slug becomes a tag id through /api/wp/v2/tags (null on
 * failure: 404) and sets the selected tag; without a slug the selected tag is "all".
 */
export const Route = createFileRoute('/blog/tag/{-$id}')({
  validateSearch: siteSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps, params }) => {
    const { queryClient } = context
    const page = await loadPageByPath(queryClient, location, deps, { pageName: blogPageName })
    const tag = selectedTag(params.id)
    if (tag === 'all') return { page, tag, tagId: null }
    const tagId = await queryClient.ensureQueryData(tagIdQueryOptions({ locale: page.input.locale, slug: tag }))
    if (tagId === null) {
      const data = await queryClient.ensureQueryData(pageQueryOptions(page.input))
      throw notFound({ data: { menus: data.menus, options: data.options } })
    }
    await queryClient.ensureInfiniteQueryData(postListQueryOptions(tagFilter(page.input.locale, tagId), page.listPage))
    return { page, tag, tagId }
  },
  head: ({ loaderData }) => pageHead(loaderData?.page),
  component: RouteComponent,
})

function RouteComponent() {
  const { page, tag, tagId } = Route.useLoaderData()
  const { data } = useSuspenseQuery(pageQueryOptions(page.input))
  if (tagId === null) return <PageScreen data={data} layout={page.layout} locale={page.input.locale} listPage={page.listPage} />
  const name = data.page.tags.find((term) => term.slug === tag)?.name ?? tag
  return (
    <SiteLayout
      layout={page.layout}
      menus={data.menus}
      options={data.options}
      languages={data.page.languages}
      breadcrumbs={data.page.breadcrumbs}
      admin={data.page.admin}
    >
      <PostListing title={m.tag_heading({ tag: name })} filter={tagFilter(page.input.locale, tagId)} startPage={page.listPage} />
    </SiteLayout>
  )
}
