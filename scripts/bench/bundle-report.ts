/**
 * The bundle part of the Lighthouse bench (lighthouse.ts): every JS and CSS asset of the
 * build with its size raw and gzip -9, and the ones the home page's HTML loads first.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { root } from './server'
import { deferredEntryUrls } from '../../app/lib/deferred-entry'

const publicDir = join(root, '.output/public')

interface Asset {
  file: string
  raw: number
  gzip: number
}

function assetSize(file: string): Asset {
  const content = readFileSync(join(publicDir, file))
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
}

/** `homeHtml`: the home page as `origin` served it. */
export function bundleReport(homeHtml: string, origin: string) {
  const assetsDir = join(publicDir, 'assets')
  const assets = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => assetSize(`assets/${file}`))
    .sort((a, b) => b.gzip - a.gzip)

  // What the home page's HTML references directly: module scripts, modulepreloads, stylesheets,
  // and what its loader fetches after the first paint (docs/decisions/038).
  const referenced = new Set<string>(deferredEntryUrls(homeHtml))
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1]
  for (const [tag] of homeHtml.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src')
    if (src) referenced.add(src)
  }
  for (const [tag] of homeHtml.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const href = attribute(tag, 'href')
    if (href && (rel.includes('modulepreload') || rel.includes('stylesheet'))) referenced.add(href)
  }
  const initial = [...referenced]
    .map((reference) => new URL(reference, `${origin}/`))
    .filter((url) => url.origin === origin && /\.(m?js|css)$/.test(url.pathname))
    .map((url) => decodeURIComponent(url.pathname).replace(/^\//, ''))
    .filter((file) => existsSync(join(publicDir, file)))
    .map(assetSize)
    .sort((a, b) => b.gzip - a.gzip)

  const sum = (list: Asset[], ext?: string) =>
    list
      .filter((asset) => !ext || asset.file.endsWith(ext))
      .reduce((total, asset) => ({ raw: total.raw + asset.raw, gzip: total.gzip + asset.gzip }), { raw: 0, gzip: 0 })
  return {
    assets,
    totals: { js: sum(assets, '.js'), css: sum(assets, '.css'), all: sum(assets) },
    initial,
    initialTotals: { js: sum(initial, '.js'), css: sum(initial, '.css'), all: sum(initial) },
  }
}

export type BundleReport = ReturnType<typeof bundleReport>
