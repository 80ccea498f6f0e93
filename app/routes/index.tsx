import { createFileRoute } from '@tanstack/react-router'
import { siteConfig } from '../config/site'
import { PageScreen } from '../components/page-screen'
import { loadPage, pageHead } from './-page-route'
import { pageSearchDeps } from '../site-rules/page-selection'

/** Requirements §2: `/` is the home page slug. */
export const Route = createFileRoute('/')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context }) => (await loadPage(context, { pageName: siteConfig.content.homeSlug })).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageScreen {...Route.useLoaderData()} />
}
