/**
 * Island parts rendered once and sent again (docs/decisions/037): the server markup of a
 * form, kept under everything it depends on (app/sections/form/form-markup-key.ts), so a
 * page rendered again for another request, or another page with the same form, spends no
 * time on its hundreds of components. The browser never keeps this markup (it renders
 * the part itself when its code loads, app/ui/island.tsx); readers without JavaScript and
 * crawlers get the same HTML a render would give, but for the `useId` ids.
 *
 * React's string renderer is a module of its own, with its own state, so it may run while
 * the page's stream renderer is inside a component. It does not see the page's context
 * values: the caller wraps the part in the providers it reads (`contexts`, render-sections.tsx).
 */
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { keepIslandMarkupWith } from '../../ui/kept-markup'

/** Forms × locales × heading levels, and room for a definition that changed today; about 30 KB each. */
const MAX_KEPT = 256

const kept = new Map<string, string>()

/**
 * The string renderer does not wait: a part that would suspend (a field whose code is not
 * loaded yet) or throws comes back as a boundary left to the client (`<!--$!-->`). Such
 * HTML is not kept, and the island renders inline, where the page's renderer waits for it
 * or reports the error as it always did.
 */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

/** An inline script would need the request's CSP nonce (security-headers.server.ts): rendered inline, it gets one. */
const INLINE_SCRIPT = '<script'

function keptIslandMarkup(key: string, identifierPrefix: string, element: ReactElement): string | null {
  const found = kept.get(key)
  if (found !== undefined) {
    // Least recently used goes first: a Map keeps insertion order.
    kept.delete(key)
    kept.set(key, found)
    return found
  }
  const html = renderToString(element, { identifierPrefix })
  if (html.includes(CLIENT_RENDERED_BOUNDARY) || html.includes(INLINE_SCRIPT)) return null
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!)
  kept.set(key, html)
  return html
}

/** How many parts are kept: for the tests. */
export function keptIslandCount(): number {
  return kept.size
}

export function startKeepingIslandMarkup(): void {
  keepIslandMarkupWith(keptIslandMarkup)
}
