import { readdirSync, readFileSync } from 'node:fs'

/** The page types every page-level e2e check goes over. */
export interface PageType {
  name: string
  en: string
  de: string
  heading: { en: RegExp; de: RegExp }
  status?: number
}

/** One page of each type the site renders, in both routed locales (pages, reflow and theme specs). */
export const pageTypes: PageType[] = [
  { name: 'home', en: '/', de: '/de', heading: { en: /Your IT, handled/, de: /Ihre IT ist erledigt/ } },
  { name: 'page', en: '/about', de: '/de/about', heading: { en: /^About us$/, de: /^Über uns$/ } },
  {
    name: 'service page',
    en: '/services/cyber-security',
    de: '/de/services/cyber-security',
    heading: { en: /^Security that fits a business/, de: /^Sicherheit, die zu Unternehmen/ },
  },
  { name: 'form page', en: '/contact', de: '/de/contact', heading: { en: /^Contact us$/, de: /^Kontakt$/ } },
  {
    name: 'landing page',
    en: '/landing/managed-it-support',
    de: '/de/landing/managed-it-support',
    heading: { en: /Unlimited IT support/, de: /Unbegrenzter IT-Support/ },
  },
  { name: 'blog', en: '/blog', de: '/de/blog', heading: { en: /^Blog$/, de: /^Blog$/ } },
  {
    name: 'category',
    en: '/blog/category/guides',
    de: '/de/blog/category/guides',
    heading: { en: /Category: Guides/, de: /Kategorie: Ratgeber/ },
  },
  {
    name: 'tag',
    en: '/blog/tag/security',
    de: '/de/blog/tag/security',
    heading: { en: /Posts tagged “Security”/, de: /Schlagwort „Sicherheit“/ },
  },
  {
    name: 'article',
    en: '/blog/five-signs-your-backups-will-not-restore',
    de: '/de/blog/five-signs-your-backups-will-not-restore',
    heading: { en: /Five signs your backups/, de: /Fünf Anzeichen/ },
  },
  {
    name: 'search',
    en: '/?s=backups',
    de: '/de?s=backups',
    heading: { en: /Search results for “backups”/, de: /Suchergebnisse für „backups“/ },
  },
  { name: 'login', en: '/login', de: '/de/login', heading: { en: /^Log in$/, de: /^Anmelden$/ } },
  { name: 'not found', en: '/no-such-page', de: '/de/no-such-page', heading: { en: /WHOOPS!/, de: /WHOOPS!/ }, status: 404 },
]

/** A published demo page of content/ (every one is checked by demo-pages.spec.ts). */
export interface DemoPage {
  path: string
  layouts: string[]
}

/** Every published demo page, read from content/ so a new page is covered without editing a spec. */
export function demoPages(locale: 'en' | 'de'): DemoPage[] {
  const folder = `content/${locale}/pages`
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map(
      (file) =>
        JSON.parse(readFileSync(`${folder}/${file}`, 'utf8')) as {
          path: string
          status?: string
          error?: boolean
          sections?: Array<{ layout: string }>
        },
    )
    .filter((page) => page.status !== 'draft' && page.error !== true)
    .map((page) => ({ path: page.path === 'home' ? '' : page.path, layouts: (page.sections ?? []).map((section) => section.layout) }))
}

export function demoPageUrl(locale: 'en' | 'de', demo: DemoPage): string {
  return locale === 'en' ? `/${demo.path}` : `/de${demo.path ? `/${demo.path}` : ''}`
}
