import { createFileRoute } from '@tanstack/react-router'
import { ArticleContent } from '../../components/blog/article'
import { BlogScreen } from '../../components/blog/blog-screen'
import { readBlogPath } from '../../lib/blog-routing'
import { articlePageName, blogPageName, pageSearchDeps } from '../../site-rules/page-selection'
import { loadPage, pageHead } from '../-page-route'

/**
 * Requirements §10.2, /blog/{x}: an article if a post x exists, else the category x,
 * else 404. (/blog/category/… and /blog/tag/… are their own routes and win.)
 */
export const Route = createFileRoute('/blog/$slug')({
  loaderDeps: ({ search }) => pageSearchDeps(search),
  loader: async ({ context, params }) =>
    (
      await readBlogPath(
        () => loadPage(context, { pageName: articlePageName(params.slug) }),
        () => loadPage(context, { pageName: blogPageName, category: params.slug }),
      )
    ).loaderData,
  head: ({ loaderData }) => pageHead(loaderData),
  component: RouteComponent,
})

function RouteComponent() {
  return <BlogScreen {...Route.useLoaderData()} article={ArticleContent} />
}
