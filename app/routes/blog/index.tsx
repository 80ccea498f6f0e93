import { createFileRoute } from '@tanstack/react-router'
import { PageScreen } from '../../components/page-screen'
import { blogPageName } from '../../lib/page-selection'
import { loadPage, pageHead } from '../-page-route'

export const Route = createFileRoute('/blog/')({
  loaderDeps: ({ search }) => search,
  loader: async ({ context }) => (await loadPage(context, { pageName: blogPageName })).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageScreen {...Route.useLoaderData()} />
}
