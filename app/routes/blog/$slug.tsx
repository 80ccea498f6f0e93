import { createFileRoute } from '@tanstack/react-router'
import { readBlogPath } from '../../lib/blog-routing'
import { articlePageName, blogPageName, siteSearchSchema } from '../../lib/page-selection'
import { loadPageByPath, pageHead, PageRouteView } from '../-page-route'

/**
 * DESIGN.md's reading of /blog/{x}: an article if a post x exists, else the category x,
 * else 404. (/blog/category/… and /blog/tag/… are their own routes and win.)
 */
export const Route = createFileRoute('/blog/$slug')({
  validateSearch: siteSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, location, deps, params }) =>
    readBlogPath(
      () => loadPageByPath(context.queryClient, location, deps, { pageName: articlePageName(params.slug) }),
      () => loadPageByPath(context.queryClient, location, deps, { pageName: blogPageName, category: params.slug }),
    ),
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageRouteView loaderData={Route.useLoaderData()} />
}
