import { createFileRoute } from '@tanstack/react-router'
import { absoluteUrl } from '../../site-rules/seo'
import { localizePath, stripLocale } from '../../lib/url'
import { getContentSource } from '../../server/content/get-content-source.server'
import { htmlToText } from '../../contract/sanitize'
import { cachePolicy, unavailableHeaders } from '../../server/http/cache-control.server'
import { renderRss } from '../../server/content/rss.server'

/** /blog/rss.xml and /de/blog/rss.xml: the newest posts of the locale. */
export const Route = createFileRoute('/blog/rss.xml')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const { locale } = stripLocale(new URL(request.url).pathname)
        try {
          const source = getContentSource()
          const [blog, list] = await Promise.all([source.getPage({ locale, pageName: 'blog' }), source.getPosts({ locale, perPage: 20 })])
          // Posts that could not be read (and no copy kept): an empty feed would tell readers every post is gone.
          if (list.failed) throw new Error('posts unavailable')
          const site = blog.options.siteUrl
          const link = (path: string) => absoluteUrl(site, localizePath(path, locale)) ?? path
          const xml = renderRss({
            title: blog.page.meta.title ?? blog.options.organizationName,
            link: link('/blog'),
            description: blog.page.meta.description ?? blog.options.organizationName,
            language: locale,
            selfUrl: link('/blog/rss.xml'),
            items: list.posts.map((post) => ({
              title: post.title,
              link: link(`/blog/${post.slug}`),
              description: htmlToText(post.excerptHtml),
              date: post.date,
              categories: post.categories.map((category) => category.name),
            })),
          })
          return new Response(xml, {
            headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': cachePolicy.feed },
          })
        } catch {
          return new Response('The feed is unavailable right now.\n', {
            status: 503,
            headers: { ...unavailableHeaders, 'content-type': 'text/plain' },
          })
        }
      },
    },
  },
})
