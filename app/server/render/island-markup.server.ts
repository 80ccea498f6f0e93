/**
 * Parts rendered once and sent again. The server markup of a form (docs/decisions/037),
 * kept under everything it depends on (app/sections/form/form-markup-key.ts), so a page
 * rendered again for another request, or another page with the same form, spends no time on
 * its hundreds of components. The browser never keeps this markup (it renders the part
 * itself when its code loads, app/ui/island.tsx); readers without JavaScript and crawlers
 * get the same HTML a render would give, but for the `useId` ids. Every other section, in
 * the same way, per page (decision 043, render-sections.tsx). And the parts of the page's
 * frame (decision 042: the footer, the primary menu, the bar's buttons), which the browser
 * hydrates: kept only when they need no `useId` id. No part is kept that asks for a resource.
 *
 * The part renders while the page's own render is inside a component. The page is usually
 * rendered by the same string renderer (decision 049), sometimes by the stream renderer (a
 * module of its own): either way React saves its request, hooks dispatcher and context before
 * a nested render and restores them after. The hooks' own state of the component in progress
 * is not restored, so the component that calls the keeper calls no hook after it (useContext
 * before it is safe). The part does not see the page's context values: the caller wraps it in
 * the providers it reads (`contexts`, render-sections.tsx).
 */
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { keepIslandMarkupWith, type KeptRoom } from '../../ui/kept-markup'
import { noteSharedText } from '../http/document-parts.server'

/**
 * Each room keeps its parts apart, so that a crawl over many pages never pushes out the forms:
 * - forms: forms × locales × heading levels, and room for a definition that changed today; about 30 KB each;
 * - sections: the other sections of the pages rendered lately, one per page, section and content
 *   (decision 043); most 1–10 KB, a long rich text more;
 * - frame: a few per locale, and one per page one of its links is current for (every post,
 *   below the menu's Blog); 1–10 KB each.
 */
const MAX_KEPT: Record<KeptRoom, number> = { form: 256, section: 1024, frame: 512 }

/** A part's HTML by key; null for a part that can never be kept as it is (decision 042), so it is not rendered twice again. */
const kept: Record<KeptRoom, Map<string, string | null>> = { form: new Map(), section: new Map(), frame: new Map() }

/**
 * The string renderer does not wait: a part that would suspend (a field whose code is not
 * loaded yet) or throws comes back as a boundary left to the client (`<!--$!-->`). Such
 * HTML is not kept, and the island renders inline, where the page's renderer waits for it
 * or reports the error as it always did.
 */
export const CLIENT_RENDERED_BOUNDARY = '<!--$!-->'

/**
 * An inline script would need the request's CSP nonce (security-headers.server.ts): rendered
 * inline, it gets one. Structured data (the FAQ's JSON-LD) is not run, so it needs none.
 */
const INLINE_SCRIPT = /<script(?! type="application\/ld\+json">)/

/**
 * The prefix of a part kept without ids (decision 042): markup the browser hydrates must
 * carry the ids its own render makes, which a part rendered alone cannot know. HTML in
 * which this prefix appears used `useId`, and is not kept.
 */
const NO_IDS_PREFIX = 'kept-without-ids-'

/**
 * What React's string renderer puts before a part's markup when the part asks for a resource
 * (an `<img>` is preloaded, a `<title>` or `<meta>` is hoisted): in a page those go to its
 * head. Inside markup the browser hydrates they would be elements its render does not make;
 * in any part they would leave the head without the hero's preload. (It also refuses CMS HTML
 * that carries such an element: that part is rendered in place, as before.)
 */
const HOISTED = /<(link|meta|title|style|base)[\s>/]/

function keptIslandMarkup(key: string, identifierPrefix: string | null, element: ReactElement, room: KeptRoom): string | null {
  const parts = kept[room]
  const found = parts.get(key)
  if (found !== undefined) {
    // Least recently used goes first: a Map keeps insertion order.
    parts.delete(key)
    parts.set(key, found)
    if (found !== null) noteSharedText(found)
    return found
  }
  let html: string
  try {
    html = renderToString(element, { identifierPrefix: identifierPrefix ?? NO_IDS_PREFIX })
  } catch {
    // Rendered in place instead, where the page's renderer reports the error as it always did.
    return null
  }
  // Not ready yet: the next render may keep it.
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return null
  // Never keepable as it is: remembered as such.
  const keepable = !INLINE_SCRIPT.test(html) && !HOISTED.test(html) && (identifierPrefix !== null || !html.includes(NO_IDS_PREFIX))
  if (parts.size >= MAX_KEPT[room]) parts.delete(parts.keys().next().value!)
  parts.set(key, keepable ? html : null)
  if (!keepable) return null
  // The page's gzip answer deflates this markup once (decision 052).
  noteSharedText(html)
  return html
}

/** How many parts are kept, in one room or in all: for the tests. */
export function keptIslandCount(room?: KeptRoom): number {
  let count = 0
  for (const parts of room ? [kept[room]] : Object.values(kept)) for (const html of parts.values()) if (html !== null) count++
  return count
}

/** Forgets every kept part: for the tests. */
export function forgetKeptMarkup(): void {
  for (const parts of Object.values(kept)) parts.clear()
}

export function startKeepingIslandMarkup(): void {
  keepIslandMarkupWith(keptIslandMarkup)
}
