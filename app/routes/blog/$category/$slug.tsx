import { createFileRoute } from '@tanstack/react-router'
import { ArticleContent } from '../../../components/blog/article'
import { BlogScreen } from '../../../components/blog/blog-screen'
import { articlePageName, pageSearchDeps } from '../../../site-rules/page-selection'
import { loadPage, notFoundIn, pageHead } from '../../-page-route'

/** Requirements §2: /blog/{category}/{slug}: the article, only if it is in that category. */
export const Route = createFileRoute('/blog/$category/$slug')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context, params }) => {
    const { data, loaderData } = await loadPage(context, { pageName: articlePageName(params.slug) })
    const inCategory = data.page.kind === 'post' && data.page.post.categories.some((category) => category.slug === params.category)
    if (!inCategory) notFoundIn(data)
    return loaderData
  },
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <BlogScreen {...Route.useLoaderData()} article={ArticleContent} />
}
