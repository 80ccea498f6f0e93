/**
 * Where server markup can be rendered once and used again: an island's, a form's
 * (docs/decisions/037) or another section's (043), and the frame's parts, the footer and the navigation bar's (042). The server's renderer sets it (app/server/render/island-markup.server.ts);
 * in the browser and in tests that render a component alone it stays unset, and both render inline.
 * A hook of its own, so that no React DOM server code reaches the browser's bundle.
 *
 * Two server bundles carry this file (the server entry's and the renderer's, as with
 * app/server/http/replay.server.ts): the hook is the process's.
 */
import type { ReactElement } from 'react'

/**
 * The HTML of `element`, kept under `key`, with every `useId` prefixed by `identifierPrefix`;
 * null when it cannot be kept (a part suspended or failed): then the caller renders inline.
 * A prefix of null is for markup the browser hydrates (the frame's parts, decision 042): its ids
 * would not be the ones the browser's render makes, so HTML with any `useId` is not kept.
 */
export type KeptMarkup = (key: string, identifierPrefix: string | null, element: ReactElement, room: KeptRoom) => string | null

/** Where a part is kept: each kind has its own room and limit (app/server/render/island-markup.server.ts). */
export type KeptRoom = 'form' | 'section' | 'frame'

const KEEPER = Symbol.for('kestrel.kept-markup')
const store = globalThis as typeof globalThis & { [KEEPER]?: KeptMarkup | null }

export function keepIslandMarkupWith(render: KeptMarkup | null): void {
  store[KEEPER] = render
}

export function islandMarkupKeeper(): KeptMarkup | null {
  return store[KEEPER] ?? null
}

/**
 * Text of the page that other renders write too, as it is written (the page's data block,
 * decision 050): the server's renderer notes it, so that a gzip answer deflates it once
 * (docs/decisions/052-gzip-from-shared-parts.md). Unset in the browser, where it is not called.
 */
type SharedTextNoter = (text: string) => void

const NOTER = Symbol.for('kestrel.shared-text')
const noters = globalThis as typeof globalThis & { [NOTER]?: SharedTextNoter | null }

export function noteSharedTextWith(note: SharedTextNoter | null): void {
  noters[NOTER] = note
}

export function noteSharedText(text: string): void {
  noters[NOTER]?.(text)
}
