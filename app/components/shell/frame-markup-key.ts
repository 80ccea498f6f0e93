/**
 * Everything a kept part of the page's frame depends on (docs/decisions/042): the locale
 * of its texts, what it shows of the menus and the site's options, and which of its links
 * are the current page's.
 *
 * A router link is marked as the current page's (`aria-current`, `data-status`) when the
 * page's path is the link's path or lies below it (TanStack Router's `resolveIsActive`). On
 * a page that one of the part's links could be current for, the key carries the page's path
 * and query, so that page has a markup of its own; every other page has none of the part's
 * links current, and they share one. The test errs on the side of "could": it compares the
 * paths with and without the locale's prefix, on either side.
 */
import { textKey } from '../../lib/text-key'
import { stripLocale } from '../../lib/url'
import { getLocale } from '../../paraglide/runtime'

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** A path as it is and without a locale prefix: the router may compare either. */
function pathForms(path: string): string[] {
  const bare = withoutTrailingSlash(path.split(/[?#]/)[0] || '/')
  return [bare, withoutTrailingSlash(stripLocale(bare).path)]
}

function formsCouldMatch(linkForms: string[], pageForms: string[]): boolean {
  return linkForms.some((link) => pageForms.some((page) => page === link || page.startsWith(link === '/' ? '//' : `${link}/`)))
}

/** True when a router link to `linkPath` could be marked as the page at `pagePath`'s. */
export function couldBeCurrent(linkPath: string, pagePath: string): boolean {
  return formsCouldMatch(pathForms(linkPath), pathForms(pagePath))
}

/** What a part shows of one object from the data cache, as a short key of its content (app/lib/text-key.ts), and the paths of its router links. */
export interface FrameShape {
  key: string
  routedPaths: string[][]
}

/**
 * The menus and the options come from the data cache, the same objects while they are kept:
 * a part's shape of them is made once per object (as a form's definition's key is,
 * app/sections/form/form-markup-key.ts), and a new object with the same content makes the
 * same text, so the same key while app/lib/text-key.ts holds that text.
 */
const shapes = new WeakMap<object, Map<string, FrameShape>>()

export function frameShape(source: object, part: string, make: () => { shown: unknown; routedHrefs: string[] }): FrameShape {
  let byPart = shapes.get(source)
  if (byPart === undefined) {
    byPart = new Map()
    shapes.set(source, byPart)
  }
  let shape = byPart.get(part)
  if (shape === undefined) {
    const { shown, routedHrefs } = make()
    shape = { key: textKey(JSON.stringify(shown)), routedPaths: routedHrefs.map(pathForms) }
    byPart.set(part, shape)
  }
  return shape
}

/** The year a part shows (the footer's copyright line), for its key: the markup of 31 December is not the one of 1 January. */
export function yearOfKey(): string {
  return String(new Date().getFullYear())
}

/** The key of a part (`part` names it and what else it depends on: the layout's variant, the year) on the page at `location`. */
export function frameMarkupKey(part: string, shown: FrameShape[], location: { pathname: string; searchStr: string }): string {
  const pageForms = pathForms(location.pathname)
  const current = shown.some((shape) => shape.routedPaths.some((linkForms) => formsCouldMatch(linkForms, pageForms)))
  return `${part} ${getLocale()} ${current ? `${location.pathname}${location.searchStr}` : '-'} ${shown.map((shape) => shape.key).join(' ')}`
}
