import { createFileRoute } from '@tanstack/react-router'
import { PageScreen } from '../components/page-screen'
import { pageNameOf, pageSearchDeps } from '../site-rules/page-selection'
import { loadPage, pageHead } from './-page-route'

/** Requirements §2: `/{page}` and the catch-all are one route: any path is a page name (`services/cyber-security`); an unknown one is a 404. */
export const Route = createFileRoute('/$')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context, params }) => (await loadPage(context, { pageName: pageNameOf(params._splat) })).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageScreen {...Route.useLoaderData()} />
}
