import { createFileRoute } from '@tanstack/react-router'
import { siteSearchSchema } from '../lib/page-selection'
import { loadPageByPath, pageHead, PageRouteView } from './-page-route'

export const Route = createFileRoute('/login')({
  validateSearch: siteSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, location, deps }) => loadPageByPath(context.queryClient, location, deps, { pageName: 'login' }),
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageRouteView loaderData={Route.useLoaderData()} />
}
