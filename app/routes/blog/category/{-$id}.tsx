import { createFileRoute } from '@tanstack/react-router'
import { ListingContent } from '../../../components/blog/post-listing'
import { BlogScreen } from '../../../components/blog/blog-screen'
import { blogPageName, pageSearchDeps } from '../../../site-rules/page-selection'
import { loadPage, pageHead } from '../../-page-route'

/** Requirements §2: /blog/category/{id?}; without an id it is the blog home. Unknown category → 404. */
export const Route = createFileRoute('/blog/category/{-$id}')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context, params }) => (await loadPage(context, { pageName: blogPageName, category: params.id || undefined })).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <BlogScreen {...Route.useLoaderData()} listing={ListingContent} />
}
