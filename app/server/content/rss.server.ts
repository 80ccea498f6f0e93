/**
 * The blog's RSS 2.0 feed: the newest posts of a locale. Pure string building.
 */
import { escapeXml } from './sitemap-xml.server'

export interface RssChannel {
  title: string
  link: string
  description: string
  language: string
  selfUrl: string
  items: Array<{ title: string; link: string; description: string; date: string; categories: string[] }>
}

/** RFC 822 dates, as RSS 2.0 requires (`Tue, 28 Oct 2026 00:00:00 GMT`). */
export function rfc822(value: string): string | null {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toUTCString()
}

export function renderRss(channel: RssChannel): string {
  const items = channel.items
    .map((item) => {
      const date = rfc822(item.date)
      return [
        '    <item>',
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(item.link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        `      <description>${escapeXml(item.description)}</description>`,
        ...(date ? [`      <pubDate>${date}</pubDate>`] : []),
        ...item.categories.map((category) => `      <category>${escapeXml(category)}</category>`),
        '    </item>',
      ].join('\n')
    })
    .join('\n')
  const newest = channel.items.map((item) => rfc822(item.date)).find(Boolean)
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(channel.link)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>${escapeXml(channel.language)}</language>
    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${newest}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`
}
