/**
 * `npm run preview-link -- <slug> [--locale de] [--base http://localhost:3000]`
 * Prints a signed preview URL (valid one hour) for a page or post of the embedded CMS,
 * drafts included. Needs PREVIEW_SECRET, the same value the site runs with.
 */
import { defaultLocale, routedLocales, siteConfig } from '../app/config/site'
import { parseEnvOrExit } from '../app/config/env'
import { createContentStore } from '../cms/content-store'
import { previewQuery } from '../app/contract/preview-token.server'
import { isLocale, localizePath } from '../app/lib/url'

const env = parseEnvOrExit()
const args = process.argv.slice(2)
const option = (name: string) => {
  const index = args.indexOf(`--${name}`)
  return index >= 0 ? args[index + 1] : undefined
}
const slug = args.find((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'))
const locale = option('locale') ?? defaultLocale
const base = option('base') ?? `http://localhost:${env.PORT}`

if (!slug) {
  console.error('usage: npm run preview-link -- <slug> [--locale de] [--base http://localhost:3000]')
  process.exit(2)
}
if (!env.PREVIEW_SECRET) {
  console.error('PREVIEW_SECRET is not set: previews are off. Set the same secret for the site and for this command.')
  process.exit(1)
}
if (!isLocale(locale)) {
  console.error(`unknown locale "${locale}"; routed: ${routedLocales.join(', ')}`)
  process.exit(2)
}

const store = createContentStore(env.CMS_CONTENT_DIR, routedLocales, defaultLocale)
const content = await store.get(locale)
const page = content ? [...content.pages.values()].find((candidate) => candidate.path === slug || candidate.key === slug) : undefined
const post = content?.posts.find((candidate) => candidate.slug === slug)
const document = page ? { id: page.id, path: `/${page.path}` } : post ? { id: post.id, path: `/blog/${post.slug}` } : null
if (!document) {
  console.error(`no page or post "${slug}" in ${locale}`)
  process.exit(1)
}
const expires = Math.floor(Date.now() / 1000) + siteConfig.preview.linkLifetimeSeconds
const path = localizePath(document.path, isLocale(locale) ? locale : defaultLocale)
console.log(`${base}${path}?${previewQuery({ id: String(document.id), expires }, env.PREVIEW_SECRET)}`)
process.exit(0)
