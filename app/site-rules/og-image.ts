/**
 * Where a page's generated social image lives (requirements §11.4, decision 018), shared by
 * the head (which links it) and the server (which answers it). The image is named after
 * the page the backend is asked for, not after the URL that shows it: `/og/{page name}.png`
 * (`/og/home.png`, `/og/services/cyber-security.png`, `/og/blog/some-post.png`), and a
 * category listing `/og/blog/category/{slug}.png`. Inside the locale scheme of decision
 * 001: the default locale has no prefix, another has its own (`/de/og/home.png`).
 */
import { type Locale, siteConfig } from '../config/site'
import { isPageName, isSlug } from '../contract/page-name'
import { localizePath, stripLocale } from '../lib/url'

/** What an image shows: a backend page, and for a category listing its category (PageTarget's shape). */
export interface OgImageTarget {
  pageName: string
  category?: string
}

const { pathSegment } = siteConfig.ogImage
const { blogBase, homeSlug } = siteConfig.content
const categorySegment = 'category'

/** The app path (no locale prefix) of a page's generated image. */
export function ogImagePath(target: OgImageTarget): string {
  const name = target.category === undefined ? target.pageName : `${blogBase}/${categorySegment}/${target.category}`
  return `/${pathSegment}/${name}.png`
}

/** The image a public path asks for (`/de/og/about.png`), or null when the path is not an image's. */
export function ogImageTargetOf(publicPathname: string): { locale: Locale; target: OgImageTarget } | null {
  const { locale, path } = stripLocale(publicPathname)
  const prefix = `/${pathSegment}/`
  if (!path.startsWith(prefix) || !path.endsWith('.png')) return null
  let name: string
  try {
    name = decodeURIComponent(path.slice(prefix.length, -'.png'.length))
  } catch {
    return null
  }
  const categoryPrefix = `${blogBase}/${categorySegment}/`
  if (name.startsWith(categoryPrefix)) {
    const category = name.slice(categoryPrefix.length)
    return isSlug(category) ? { locale, target: { pageName: blogBase, category } } : null
  }
  return isPageName(name) ? { locale, target: { pageName: name } } : null
}

/**
 * The public path of the page an image belongs to (`/de/og/home.png` → `/de`), so a
 * revalidation of a page's path purges its image with it. For a category the listing's
 * own route (`/blog/category/{slug}`).
 */
export function pagePathOfOgImage(publicPathname: string): string | null {
  const image = ogImageTargetOf(publicPathname)
  if (!image) return null
  const { pageName, category } = image.target
  const path = category !== undefined ? `/${blogBase}/${categorySegment}/${category}` : pageName === homeSlug ? '/' : `/${pageName}`
  return localizePath(path, image.locale)
}

/**
 * Whether a page's own image can stand as its social image. Facebook, LinkedIn and X show
 * PNG, JPEG, GIF and WebP, never SVG: an SVG `og:img` (the demo content's illustrations)
 * gives way to the generated card. A URL without a known extension (an image service's)
 * is trusted to be an image.
 */
export function isSocialImageUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? ''
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
  return extension !== 'svg' && extension !== 'svgz'
}

/** A document title's trailing ` | Organization` (or – — -): the card shows the organization apart. */
function withoutSiteName(title: string, organizationName: string): string {
  const escaped = organizationName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return title.replace(new RegExp(`\\s*[|–—·-]\\s*${escaped}\\s*$`, 'u'), '').trim()
}

/**
 * The headline a page's image shows (and its alt text): an article's title, a listing's
 * category's name, else the page's Open Graph or document title without the site's name, else its heading.
 */
export function ogImageTitle(
  page: { kind: string; title: string; meta: { ogTitle: string | null; title: string | null } },
  category: { name: string } | null,
  post: { title: string } | null,
  organizationName: string,
): string {
  if (post) return post.title
  if (category) return category.name
  const headline = withoutSiteName(page.meta.ogTitle ?? page.meta.title ?? '', organizationName)
  return headline && headline !== organizationName ? headline : page.title
}
