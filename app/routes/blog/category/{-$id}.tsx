import { createFileRoute } from '@tanstack/react-router'
import { blogPageName, siteSearchSchema } from '../../../lib/page-selection'
import { loadPageByPath, pageHead, PageRouteView } from '../../-page-route'

/** SPEC §2: /blog/category/{id?}; without an id it is the blog home. Unknown category → 404. */
export const Route = createFileRoute('/blog/category/{-$id}')({
  validateSearch: siteSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, location, deps, params }) =>
    loadPageByPath(context.queryClient, location, deps, { pageName: blogPageName, category: params.id || undefined }),
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageRouteView loaderData={Route.useLoaderData()} />
}
