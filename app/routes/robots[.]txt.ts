import { createFileRoute } from '@tanstack/react-router'
import { renderRobots } from '../server/content/sitemap-xml.server'
import { siteUrlForRobots } from '../server/content/sitemap.server'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const siteUrl = await siteUrlForRobots().catch(() => new URL(request.url).origin)
        return new Response(renderRobots(siteUrl), { headers: { 'content-type': 'text/plain; charset=utf-8' } })
      },
    },
  },
})
