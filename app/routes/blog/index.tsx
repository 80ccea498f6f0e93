import { createFileRoute } from '@tanstack/react-router'
import { ListingContent } from '../../components/blog/post-listing'
import { BlogScreen } from '../../components/blog/blog-screen'
import { blogPageName, pageSearchDeps } from '../../site-rules/page-selection'
import { loadPage, pageHead } from '../-page-route'

export const Route = createFileRoute('/blog/')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context }) => (await loadPage(context, { pageName: blogPageName })).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <BlogScreen {...Route.useLoaderData()} listing={ListingContent} />
}
