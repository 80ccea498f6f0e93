import { createContext, useCallback, useContext } from 'react'
import type { ContentPage } from '../contract/model'
import { toAppHref } from '../lib/url'

/**
 * The page a section is on, for blocks that show page-level data (recent posts, forms),
 * and the origins that count as the site's own, so a section's links resolve exactly
 * as the menus' do (a link to the backend's or the public site's origin is internal).
 */
export interface SectionPage {
  page: ContentPage
  ownOrigins: readonly string[]
}

export const SectionPageContext = createContext<SectionPage | null>(null)
/**
 * The page, for a block that shows page-level data. The server keeps a block's markup under
 * what it reads (docs/decisions/043, render-sections.tsx): a block that reads more of the page
 * than a form's definition or the recent posts adds it to that key.
 */
export const useSectionPage = () => useContext(SectionPageContext)?.page ?? null

/** Resolves a CMS link in section data: an app route when it points at the site, else the URL; null when unsafe. */
export function useSectionHref(): (url: string) => { href: string; internal: boolean } | null {
  const ownOrigins = useContext(SectionPageContext)?.ownOrigins
  return useCallback((url: string) => toAppHref(url, ownOrigins ?? []), [ownOrigins])
}
