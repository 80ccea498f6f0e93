/**
 * The page head from the Meta entity (requirements §3) and the page around it: title,
 * description, robots, Open Graph, Twitter, canonical, hreflang alternates, favicon and
 * JSON-LD (the page's own schema plus Organization, WebSite with SearchAction,
 * BreadcrumbList and BlogPosting). Pure, so every rule is unit-tested.
 */
import { defaultLocale, type Locale, routedLocales, siteConfig } from '../config/site'
import type { Breadcrumb, Language, PageMeta, PostSummary, SiteOptions } from '../contract/model'
import { isSocialImageUrl } from './og-image'
import { isLocale, localizePath } from '../lib/url'

export interface HeadInput {
  meta: PageMeta | null
  options: Pick<SiteOptions, 'organizationName' | 'logoUrl' | 'siteUrl'>
  locale: Locale
  /** The app path without the locale (`/about`). */
  path: string
  languages: Language[]
  breadcrumbs: Breadcrumb[]
  /** JSON-LD objects the backend sent for the page. */
  schema: Array<Record<string, unknown>>
  /** An article's or an item's head (`schemaType`: BlogPosting for posts, Article for items of a content type). */
  post: (Pick<PostSummary, 'title' | 'date' | 'modified' | 'author' | 'featuredImage'> & { schemaType?: 'BlogPosting' | 'Article' }) | null
  /** Search results, previews, account pages: never indexed. */
  noindex: boolean
  /**
   * The page's generated social image (docs/decisions/018): its app path without the
   * locale (`/og/about.png`) and its alt text. Null where none is linked (search results,
   * previews); a page's own raster `og:img` wins over it.
   */
  generatedImage: { path: string; alt: string } | null
}

type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { 'script:ld+json': Record<string, unknown> }
type LinkTag = { rel: string; href: string; hrefLang?: string; type?: string }

const OG_LOCALES: Record<string, string> = { en: 'en_GB', de: 'de_DE', fr: 'fr_FR', es: 'es_ES', it: 'it_IT' }

/** An absolute URL on the site's origin, or null for anything that is not http(s). */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string | null {
  try {
    const url = new URL(pathOrUrl, siteUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** The public URLs of this page in every routed locale it exists in (hreflang). */
function alternates(input: Pick<HeadInput, 'languages' | 'options' | 'locale' | 'path'>): Array<{ locale: Locale; href: string }> {
  const found = new Map<Locale, string>()
  for (const language of input.languages) {
    if (!isLocale(language.locale) || !language.href.startsWith('/')) continue
    const href = absoluteUrl(input.options.siteUrl, localizePath(language.href, language.locale))
    if (href) found.set(language.locale, href)
  }
  // The page always exists in its own locale, even if the backend did not list it.
  if (!found.has(input.locale)) {
    const own = absoluteUrl(input.options.siteUrl, localizePath(input.path, input.locale))
    if (own) found.set(input.locale, own)
  }
  return routedLocales.flatMap((locale) => {
    const href = found.get(locale)
    return href ? [{ locale, href }] : []
  })
}

export function buildHead(input: HeadInput): { meta: MetaTag[]; links: LinkTag[] } {
  const { meta, options, locale } = input
  const siteName = options.organizationName
  const title = meta?.title ?? siteName
  const description = meta?.description ?? null
  const ownUrl = absoluteUrl(options.siteUrl, localizePath(input.path, locale))
  const canonical = (meta?.canonical && absoluteUrl(options.siteUrl, meta.canonical)) || ownUrl
  // A page's own image when social networks can show it (not an SVG), else its generated card.
  const ownImage = meta?.ogImage && isSocialImageUrl(meta.ogImage) ? absoluteUrl(options.siteUrl, meta.ogImage) : null
  const generated = !ownImage && input.generatedImage ? absoluteUrl(options.siteUrl, localizePath(input.generatedImage.path, locale)) : null
  const featured = input.post?.featuredImage
  const image =
    ownImage ||
    generated ||
    (featured && isSocialImageUrl(featured.src) && absoluteUrl(options.siteUrl, featured.src)) ||
    (options.logoUrl && absoluteUrl(options.siteUrl, options.logoUrl)) ||
    null
  const robots = input.noindex ? 'noindex, follow' : (meta?.robots ?? null)

  const tags: MetaTag[] = [{ title }]
  const add = (key: 'name' | 'property', name: string, value: string | null | undefined) => {
    if (!value) return
    tags.push(key === 'name' ? { name, content: value } : { property: name, content: value })
  }
  add('name', 'description', description)
  add('name', 'keywords', meta?.keywords)
  add('name', 'author', meta?.author ?? input.post?.author)
  add('name', 'robots', robots)
  add('property', 'og:site_name', siteName)
  add('property', 'og:type', input.post ? 'article' : 'website')
  add('property', 'og:locale', OG_LOCALES[locale] ?? locale)
  add('property', 'og:url', canonical)
  add('property', 'og:title', meta?.ogTitle ?? title)
  add('property', 'og:description', meta?.ogDescription ?? description)
  add('property', 'og:image', image)
  if (generated && input.generatedImage) {
    add('property', 'og:image:type', 'image/png')
    add('property', 'og:image:width', String(siteConfig.ogImage.width))
    add('property', 'og:image:height', String(siteConfig.ogImage.height))
    add('property', 'og:image:alt', input.generatedImage.alt)
  }
  // The article's own photo: its size and alt text are the image object's.
  const ownIsFeatured = featured && image && !generated && image === absoluteUrl(options.siteUrl, featured.src)
  if (ownIsFeatured) {
    if (featured.width > 0 && featured.height > 0) {
      add('property', 'og:image:width', String(featured.width))
      add('property', 'og:image:height', String(featured.height))
    }
    add('property', 'og:image:alt', featured.alt)
  }
  add('name', 'twitter:card', meta?.twitterCard ?? (image ? 'summary_large_image' : 'summary'))
  add('name', 'twitter:title', meta?.twitterTitle ?? meta?.ogTitle ?? title)
  add('name', 'twitter:description', meta?.twitterDescription ?? meta?.ogDescription ?? description)
  const twitterImage = meta?.twitterImage && isSocialImageUrl(meta.twitterImage) ? absoluteUrl(options.siteUrl, meta.twitterImage) : null
  add('name', 'twitter:image', twitterImage || image)
  if (!twitterImage && generated && input.generatedImage) add('name', 'twitter:image:alt', input.generatedImage.alt)
  if (!twitterImage && ownIsFeatured) add('name', 'twitter:image:alt', featured.alt)
  if (input.post) {
    add('property', 'article:published_time', input.post.date)
    add('property', 'article:modified_time', input.post.modified ?? null)
  }
  for (const schema of jsonLd(input, canonical, image)) tags.push({ 'script:ld+json': schema })

  const links: LinkTag[] = []
  if (canonical && !input.noindex) links.push({ rel: 'canonical', href: canonical })
  if (!input.noindex) {
    const versions = alternates(input)
    if (versions.length > 1) {
      for (const version of versions) links.push({ rel: 'alternate', hrefLang: version.locale, href: version.href })
      const fallback = versions.find((version) => version.locale === defaultLocale)
      if (fallback) links.push({ rel: 'alternate', hrefLang: 'x-default', href: fallback.href })
    }
  }
  const favicon = meta?.favicon && absoluteUrl(options.siteUrl, meta.favicon)
  if (favicon) links.push({ rel: 'icon', href: favicon })
  return { meta: tags, links }
}

function jsonLd(input: HeadInput, canonical: string | null, image: string | null): Array<Record<string, unknown>> {
  const { options } = input
  const site = absoluteUrl(options.siteUrl, '/') ?? options.siteUrl
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${site}#organization`,
    name: options.organizationName,
    url: site,
    ...(options.logoUrl ? { logo: absoluteUrl(options.siteUrl, options.logoUrl) } : {}),
  }
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${site}#website`,
    name: options.organizationName,
    url: site,
    inLanguage: input.locale,
    publisher: { '@id': `${site}#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absoluteUrl(options.siteUrl, localizePath('/', input.locale))}?s={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  }
  const list: Array<Record<string, unknown>> = [...input.schema, organization, website]
  if (input.breadcrumbs.length >= 2) {
    list.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.title,
        item: absoluteUrl(options.siteUrl, crumb.internal ? localizePath(crumb.href, input.locale) : crumb.href),
      })),
    })
  }
  if (input.post) {
    list.push({
      '@context': 'https://schema.org',
      '@type': input.post.schemaType ?? 'BlogPosting',
      headline: input.post.title,
      datePublished: input.post.date,
      ...(input.post.modified ? { dateModified: input.post.modified } : {}),
      ...(input.post.author ? { author: { '@type': 'Person', name: input.post.author } } : {}),
      ...(image ? { image } : {}),
      ...(canonical ? { mainEntityOfPage: canonical, url: canonical } : {}),
      inLanguage: input.locale,
      publisher: { '@id': `${site}#organization` },
    })
  }
  return list
}
