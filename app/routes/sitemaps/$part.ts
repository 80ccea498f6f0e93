import { createFileRoute } from '@tanstack/react-router'
import { cachePolicy } from '../../server/cache-control.server'
import { loadSitemap } from '../../server/sitemap.server'

/** The numbered parts of a sitemap index (only when the site has more than 50,000 URLs). */
export const Route = createFileRoute('/sitemaps/$part')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const number = Number(params.part)
        const { parts } = await loadSitemap()
        const body = Number.isInteger(number) && number >= 1 ? parts[number - 1] : undefined
        if (!body) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } })
        return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': cachePolicy.sitemap } })
      },
    },
  },
})
