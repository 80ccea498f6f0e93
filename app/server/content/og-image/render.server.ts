/**
 * Draws a card (card.server.tsx) to PNG: satori lays it out to SVG, resvg (WebAssembly,
 * so no per-platform binary: the same install on Linux, macOS, Windows, Netlify and
 * Vercel) rasterizes it. docs/decisions/018.
 *
 * Nothing here loads when the server starts or renders a page: the first image loads
 * satori, resvg's WebAssembly and the fonts once for the process (about 4 MB), and every
 * later image reuses them. The bytes come in as modules (`?base64`, scripts/vite-base64-plugin.ts), so the built
 * server carries them wherever it is deployed, without reading node_modules at run time.
 * One image is drawn at a time: each takes the CPU for a tenth of a second, and a queue
 * keeps a crawler's burst from holding many half-drawn images in memory at once.
 */
import type { Font } from 'satori'
import { OG_HEIGHT, OG_WIDTH, ogCardElement, type OgCard } from './card.server'

interface Renderer {
  satori: typeof import('satori').default
  Resvg: typeof import('@resvg/resvg-wasm').Resvg
  fonts: Font[]
}

/** What a `?base64` module holds (scripts/vite-base64-plugin.ts), as bytes. */
const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'))

/**
 * Inter in the weights the card uses, in the subsets that cover the catalogs' Latin,
 * Greek and Cyrillic scripts. Each subset is its own family: satori falls back from one
 * family to the next for a glyph, not between fonts of one name.
 */
async function loadFonts(): Promise<Font[]> {
  const files = await Promise.all([
    import('@fontsource/inter/files/inter-latin-400-normal.woff?base64'),
    import('@fontsource/inter/files/inter-latin-700-normal.woff?base64'),
    import('@fontsource/inter/files/inter-latin-900-normal.woff?base64'),
    import('@fontsource/inter/files/inter-latin-ext-400-normal.woff?base64'),
    import('@fontsource/inter/files/inter-latin-ext-700-normal.woff?base64'),
    import('@fontsource/inter/files/inter-latin-ext-900-normal.woff?base64'),
    import('@fontsource/inter/files/inter-cyrillic-400-normal.woff?base64'),
    import('@fontsource/inter/files/inter-cyrillic-700-normal.woff?base64'),
    import('@fontsource/inter/files/inter-cyrillic-900-normal.woff?base64'),
    import('@fontsource/inter/files/inter-greek-400-normal.woff?base64'),
    import('@fontsource/inter/files/inter-greek-700-normal.woff?base64'),
    import('@fontsource/inter/files/inter-greek-900-normal.woff?base64'),
  ])
  const families = ['Inter', 'Inter Latin Extended', 'Inter Cyrillic', 'Inter Greek']
  const weights = [400, 700, 900] as const
  return files.map((file, index) => ({
    name: families[Math.floor(index / weights.length)] ?? 'Inter',
    data: Buffer.from(file.default, 'base64'),
    weight: weights[index % weights.length] ?? 400,
    style: 'normal',
  }))
}

async function load(): Promise<Renderer> {
  const started = performance.now()
  const [satori, resvg, wasm, fonts] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-wasm'),
    import('@resvg/resvg-wasm/index_bg.wasm?base64'),
    loadFonts(),
  ])
  await resvg.initWasm(bytesOf(wasm.default))
  console.info(`[og-image] renderer loaded in ${Math.round(performance.now() - started)} ms`)
  return { satori: satori.default, Resvg: resvg.Resvg, fonts }
}

let renderer: Promise<Renderer> | null = null

/** The renderer, loaded on first use; a failed load is tried again by the next image. */
function loadedRenderer(): Promise<Renderer> {
  renderer ??= load().catch((error: unknown) => {
    renderer = null
    throw error
  })
  return renderer
}

let queue: Promise<unknown> = Promise.resolve()

async function draw(card: OgCard): Promise<Uint8Array> {
  const { satori, Resvg, fonts } = await loadedRenderer()
  const svg = await satori(ogCardElement(card), { width: OG_WIDTH, height: OG_HEIGHT, fonts })
  const resvg = new Resvg(svg, { fitTo: { mode: 'original' } })
  try {
    const image = resvg.render()
    try {
      return image.asPng()
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}

/** The PNG of a card, 1200×630. A logo that cannot be drawn (a broken upload) leaves the card without it. */
export function renderCardPng(card: OgCard): Promise<Uint8Array> {
  const turn = queue.then(async () => {
    try {
      return await draw(card)
    } catch (error) {
      if (!card.logo) throw error
      console.warn(
        `[og-image] the logo could not be drawn; the card shows the initial instead: ${error instanceof Error ? error.message : String(error)}`,
      )
      return draw({ ...card, logo: null })
    }
  })
  queue = turn.catch(() => undefined)
  return turn
}
