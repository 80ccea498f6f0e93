import { createFileRoute } from '@tanstack/react-router'
import { cachePolicy, unavailableHeaders } from '../../server/http/cache-control.server'
import { loadSitemap } from '../../server/content/sitemap.server'

/** The numbered parts of a sitemap index (only when the site has more than 50,000 URLs). */
export const Route = createFileRoute('/sitemaps/$part')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const number = Number(params.part)
        if (!Number.isInteger(number) || number < 1) return notFound()
        let sitemap: Awaited<ReturnType<typeof loadSitemap>>
        try {
          sitemap = await loadSitemap()
        } catch {
          // The backend is down and no copy of its entries is kept (the cache answers one when it is): try again later, not a 500.
          return new Response('The sitemap is unavailable right now.\n', {
            status: 503,
            headers: { ...unavailableHeaders, 'content-type': 'text/plain' },
          })
        }
        const body = sitemap.parts[number - 1]
        if (!body) return notFound()
        return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': cachePolicy.sitemap } })
      },
    },
  },
})

const notFound = () => new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain' } })
