/**
 * What a generated image's card shows, as a key (docs/decisions/018-generated-social-images.md):
 * two equal cards draw the same PNG. A stale, purged or prerendered image whose page still
 * gives the same card keeps its bytes, so the renderer (satori, resvg's WebAssembly and the
 * fonts: about 50 MB of a process's memory once loaded) runs only for an image that changed.
 * Its own module, free of the renderer's and the content's imports: the build's prerender
 * step and the page cache read the header too.
 */
import { createHash } from 'node:crypto'
import type { OgCard } from './card.server'

/** The response header that carries an image's card key: the build keeps it in its manifest, the cache with the bytes. */
export const OG_CARD_HEADER = 'x-og-card'

export function cardKeyOf(card: OgCard): string {
  return createHash('sha256').update(JSON.stringify(card)).digest('base64url')
}
