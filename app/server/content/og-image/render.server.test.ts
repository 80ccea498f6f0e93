/**
 * The real renderer (satori + resvg's WebAssembly, the fonts), as the server runs it: a
 * PNG of 1200×630 for ordinary and hostile cards, and what one costs.
 */
import { describe, expect, it } from 'vitest'
import { takeConsoleOutput } from '../../../../tests/setup/fail-on-console'
import { pngSize } from '../../../../tests/support/png'
import { renderCardPng } from './render.server'
import type { OgCard } from './card.server'

const card: OgCard = {
  title: 'Backup und Notfallwiederherstellung',
  label: 'Leistungen',
  siteName: 'Kestrel IT Support',
  siteHost: 'www.kestrel-it.example',
  logo: `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1645de"/></svg>').toString('base64')}`,
  lang: 'de',
}

describe('renderCardPng', () => {
  it('draws a 1200×630 PNG; the first card loads the renderer, later ones reuse it', async () => {
    const first = performance.now()
    const png = await renderCardPng(card)
    const cold = performance.now() - first
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 })
    const times: number[] = []
    for (const title of ['IT support that answers the phone', 'Five signs your backups will not restore', 'Preise']) {
      const started = performance.now()
      expect(pngSize(await renderCardPng({ ...card, title }))).toEqual({ width: 1200, height: 630 })
      times.push(performance.now() - started)
    }
    const warm = Math.max(...times)
    console.info(
      `[og-image] first card ${cold.toFixed(0)} ms (with loading), then at most ${warm.toFixed(0)} ms each; ${(png.byteLength / 1024).toFixed(0)} KiB`,
    )
    expect(warm).toBeLessThan(cold)
  }, 60_000)

  it('draws hostile cards safely: very long, markup, right-to-left, emoji, no logo, cards at once', async () => {
    const hostile: OgCard[] = [
      { ...card, title: 'Donaudampfschifffahrtsgesellschaftskapitänsmützenhersteller '.repeat(20) },
      { ...card, title: '<img src=x onerror=alert(1)><script>alert(1)</script>', label: '</div><b>' },
      { ...card, title: 'مرحبا بالعالم שלום \u202Eevil', lang: 'ar' },
      { ...card, title: '🚀🔥💥', label: null },
      { ...card, title: '', siteName: '', logo: null },
      { ...card, logo: 'data:image/png;base64,AAAA' },
    ]
    const pngs = await Promise.all(hostile.map((each) => renderCardPng(each)))
    for (const [index, png] of pngs.entries()) expect(pngSize(png), `card ${index}`).toEqual({ width: 1200, height: 630 })
    // The broken logo was left out, and said so.
    expect(takeConsoleOutput().filter((line) => line.includes('logo could not be drawn')).length).toBeLessThanOrEqual(1)
  }, 60_000)
})
