/**
 * The page head from the Meta entity (SPEC §3). Pure; the SEO issue extends it with
 * canonical, hreflang and JSON-LD.
 */
import type { PageMeta } from '../server/content/types'

export interface SeoInput {
  meta: PageMeta | null
  /** The organization name: the tab title when the page has none (SPEC §1). */
  siteName: string
  /** Overrides meta.title, e.g. for the error screen. */
  title?: string
}

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string }

export function seo({ meta, siteName, title }: SeoInput): MetaTag[] {
  const pageTitle = title ?? meta?.title ?? siteName
  const tags: MetaTag[] = [{ title: pageTitle }]
  const add = (key: 'name' | 'property', name: string, value: string | null | undefined) => {
    if (!value) return
    tags.push(key === 'name' ? { name, content: value } : { property: name, content: value })
  }
  add('name', 'description', meta?.description)
  add('name', 'keywords', meta?.keywords)
  add('name', 'author', meta?.author)
  add('name', 'robots', meta?.robots)
  add('property', 'og:site_name', siteName)
  add('property', 'og:title', meta?.ogTitle ?? pageTitle)
  add('property', 'og:description', meta?.ogDescription ?? meta?.description)
  add('property', 'og:image', meta?.ogImage)
  add('name', 'twitter:card', meta?.twitterCard ?? (meta?.ogImage ? 'summary_large_image' : 'summary'))
  add('name', 'twitter:title', meta?.twitterTitle ?? meta?.ogTitle ?? pageTitle)
  add('name', 'twitter:description', meta?.twitterDescription ?? meta?.ogDescription ?? meta?.description)
  add('name', 'twitter:image', meta?.twitterImage ?? meta?.ogImage)
  return tags
}
