import { createFileRoute } from '@tanstack/react-router'
import { loadSitemap } from '../server/sitemap.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async () => {
        try {
          const { index } = await loadSitemap()
          return new Response(index, {
            headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=3600' },
          })
        } catch {
          return new Response('The sitemap is unavailable right now.\n', {
            status: 503,
            headers: { 'retry-after': '60', 'content-type': 'text/plain' },
          })
        }
      },
    },
  },
})
