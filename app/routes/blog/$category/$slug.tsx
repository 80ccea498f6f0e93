import { createFileRoute, notFound } from '@tanstack/react-router'
import { articlePageName, siteSearchSchema } from '../../../lib/page-selection'
import { pageQueryOptions } from '../../../server/content.functions'
import { loadPageByPath, pageHead, PageRouteView } from '../../-page-route'

/** SPEC §2: /blog/{category}/{slug}: the article, only if it is in that category. */
export const Route = createFileRoute('/blog/$category/$slug')({
  validateSearch: siteSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, location, deps, params }) => {
    const loaded = await loadPageByPath(context.queryClient, location, deps, { pageName: articlePageName(params.slug) })
    const data = await context.queryClient.ensureQueryData(pageQueryOptions(loaded.input))
    const inCategory = data.page.post?.categories.some((category) => category.slug === params.category) ?? false
    if (!inCategory) throw notFound({ data: { menus: data.menus, options: data.options } })
    return loaded
  },
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageRouteView loaderData={Route.useLoaderData()} />
}
