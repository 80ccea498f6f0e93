import { createFileRoute } from '@tanstack/react-router'
import { cachePolicy, unavailableHeaders } from '../server/http/cache-control.server'
import { loadSitemap } from '../server/content/sitemap.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async () => {
        try {
          const { index } = await loadSitemap()
          return new Response(index, {
            headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': cachePolicy.sitemap },
          })
        } catch {
          return new Response('The sitemap is unavailable right now.\n', {
            status: 503,
            headers: { ...unavailableHeaders, 'content-type': 'text/plain' },
          })
        }
      },
    },
  },
})
