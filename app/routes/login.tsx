import { createFileRoute } from '@tanstack/react-router'
import { PageScreen } from '../components/page-screen'
import { loadPage, pageHead } from './-page-route'
import { pageSearchDeps } from '../site-rules/page-selection'

/** Requirements §2: `/login`, where register and reset land on success. */
export const Route = createFileRoute('/login')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context }) => (await loadPage(context, { pageName: 'login' })).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <PageScreen {...Route.useLoaderData()} />
}
