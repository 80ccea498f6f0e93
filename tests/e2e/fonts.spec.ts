import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { latinCharacters, latinFile } from '../../scripts/font-subsets'
import { waitForHydration } from './helpers'

// Inter in two files per weight (docs/decisions/055-fonts-in-two-parts.md): English and German
// text's characters, preloaded; the rest of Inter's Latin file, fetched only when a page shows one.

const fontFile = (url: string) => url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.woff2$/, '.woff2')

async function fontRequests(page: Page, path: string): Promise<string[]> {
  const requested: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) requested.push(fontFile(request.url()))
  })
  await page.goto(path)
  await waitForHydration(page)
  await page.evaluate(() => document.fonts.ready)
  return requested.toSorted()
}

const core = ['inter-400-core.woff2', 'inter-700-core.woff2', 'inter-900-core.woff2']

test('English and German pages fetch only the three preloaded files, one per weight', async ({ page }) => {
  for (const path of ['/', '/blog/phishing-training-that-staff-do-not-hate', '/de/landing/managed-it-support', '/contact']) {
    expect(await fontRequests(page, path), path).toEqual(core)
    const preloaded = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
    expect(preloaded.map(fontFile).toSorted(), path).toEqual(core)
  }
})

test('a page showing a Latin character beyond English and German gets the rest of Inter for that weight', async ({ page }) => {
  // The search heading (weight 900) shows the visitor's words.
  const requested = await fontRequests(page, `/?s=${encodeURIComponent('ñandú Åsa')}`)
  expect(requested).toContain('inter-900-latin-rest.woff2')
  expect(requested).not.toContain('inter-400-latin-rest.woff2')
})

const pointsOf = (range: string) =>
  range.split(',').flatMap((span) => {
    const [first, last = first] = span.trim().replace(/^U\+/i, '').split('-')
    const from = Number.parseInt(first!, 16)
    return Array.from({ length: Number.parseInt(last!, 16) - from + 1 }, (_, i) => from + i)
  })

test("each weight's two files draw every character Inter's Latin file draws, and claim no other", async ({ page }) => {
  await page.goto('/')
  const faces = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter(
        (rule): rule is CSSFontFaceRule =>
          rule instanceof CSSFontFaceRule && rule.style.getPropertyValue('font-family').replace(/["']/g, '') === 'Inter',
      )
      .map((rule) => ({
        weight: rule.style.getPropertyValue('font-weight'),
        src: /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue('src'))![1]!,
        range: rule.style.getPropertyValue('unicode-range'),
      })),
  )
  for (const weight of ['400', '700', '900']) {
    const parts = faces.filter((face) => face.weight === weight)
    expect(parts.map((part) => fontFile(part.src)).toSorted()).toEqual([`inter-${weight}-core.woff2`, `inter-${weight}-latin-rest.woff2`])
    const file = readFileSync(latinFile(Number(weight)))
    const latin = (await latinCharacters(Number(weight))).toSorted((a, b) => a - b)
    expect(latin.length, `weight ${weight}: the Latin file's characters`).toBeGreaterThan(200)
    // The ranges are the characters: a page fetches the second file only for one it draws.
    expect(
      parts.flatMap((part) => pointsOf(part.range)).toSorted((a, b) => a - b),
      `weight ${weight}: the two ranges`,
    ).toEqual(latin)
    // Drawn by a font, a character is as wide whatever fallback follows it; and as wide in the parts as in the whole.
    const differing = await page.evaluate(
      async ({ parts, original, weight, latin }) => {
        const load = async (family: string, source: string | ArrayBuffer, range?: string) => {
          const face = new FontFace(family, source, range ? { unicodeRange: range } : {})
          document.fonts.add(await face.load())
        }
        // A family of its own per weight, each face loaded with the default descriptors; the whole
        // file as bytes (the site's CSP takes fonts from its own origin only, not from a data: URL).
        await load(`Original${weight}`, Uint8Array.from(atob(original), (char) => char.charCodeAt(0)).buffer)
        for (const part of parts) await load(`Parts${weight}`, `url(${part.src})`, part.range)
        const canvas = document.createElement('canvas').getContext('2d')!
        const widths = (family: string, text: string) =>
          ['monospace', 'serif'].map((fallback) => {
            canvas.font = `48px ${family}, ${fallback}`
            return canvas.measureText(text).width
          })
        return latin.filter((point) => {
          const text = String.fromCodePoint(point)
          return [...widths(`Original${weight}`, text), ...widths(`Parts${weight}`, text)].some((width, _, all) => width !== all[0])
        })
      },
      { parts, original: file.toString('base64'), weight, latin },
    )
    expect(
      differing.map((point) => `U+${point.toString(16).toUpperCase()}`),
      `weight ${weight}`,
    ).toEqual([])
  }
})
