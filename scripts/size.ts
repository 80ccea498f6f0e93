/**
 * `npm run size`: the JavaScript a first visit downloads before the page is interactive,
 * per page type, against the production build, and a budget it must stay under.
 *
 * It starts the build on loopback (tests/support/built-site.ts, as `npm run bench` does), reads the server HTML of each
 * page below, collects every script and modulepreload it references, and adds up their
 * brotli sizes (the `.br` files the build writes, else compressed here at quality 11, as
 * the build does). Prints a table per page with each chunk, writes
 * `.cache/size/size-report.json`, and exits 1 when a page is over budget. Each page's line also
 * says how far it is from the speed work's smaller aim. A build with source maps
 * (`BUILD_SOURCEMAP=1 npm run build`) also gets home's first load by package (scripts/size-by-package.ts).
 *
 * Needs `npm run build` first.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deferredEntryUrls } from '../app/lib/deferred-entry'
import { brotliBytes, loadByPackage, type PackageShare } from './size-by-package'
import { startBuiltSite, type BuiltSite } from '../tests/support/built-site'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const publicDir = join(root, '.output/public')
const reportDir = join(root, '.cache/size')
const PORT = Number(process.env.SIZE_PORT ?? 4340)

/** Requirements §11.1: at most this much JavaScript (brotli) on the first load of each page below. */
export const FIRST_LOAD_JS_BUDGET_BYTES = 130 * 1024
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** The speed work's aim (docs/requirements.md, §11.1's aims): printed per page, it does not decide the exit code. */
export const FIRST_LOAD_JS_AIM_BYTES = 100 * 1024

/** A page's line: within the budget or over it (the exit code), and against the aim. */
export function firstLoadVerdict(totalBytes: number): string {
  const budget = totalBytes <= FIRST_LOAD_JS_BUDGET_BYTES ? 'ok' : 'OVER BUDGET'
  const aim =
    totalBytes <= FIRST_LOAD_JS_AIM_BYTES
      ? `within the ${kib(FIRST_LOAD_JS_AIM_BYTES)} aim`
      : `${kib(totalBytes - FIRST_LOAD_JS_AIM_BYTES)} over the ${kib(FIRST_LOAD_JS_AIM_BYTES)} aim`
  return `${budget}, ${aim}`
}

const pages = [
  { name: 'home', path: '/' },
  { name: 'service page', path: '/services/cyber-security' },
  { name: 'post', path: '/blog/phishing-training-that-staff-do-not-hate' },
  { name: 'landing', path: '/landing/managed-it-support' },
  { name: 'contact (form)', path: '/contact' },
  { name: 'blog home (listing)', path: '/blog' },
  { name: 'case study (a content type, decision 029)', path: '/case-studies/northgate-logistics-microsoft-365-migration' },
]

async function startServer(): Promise<BuiltSite> {
  if (!existsSync(join(root, '.output/server/index.mjs'))) {
    console.error('size: no production build; run `npm run build` first.')
    process.exit(1)
  }
  mkdirSync(reportDir, { recursive: true })
  return startBuiltSite({ dataDir: reportDir, port: PORT })
}

/**
 * Every JS file the HTML makes the browser fetch for the first load: module scripts,
 * modulepreloads, and the entry and preloads the loader fetches after the first paint
 * (docs/decisions/038).
 */
export function referencedScripts(html: string): string[] {
  const found = new Set<string>(deferredEntryUrls(html).filter((url) => url.startsWith('/')))
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+\.js)"/.exec(tag)?.[1]
    const href = /\brel="modulepreload"/.test(tag) ? /\bhref="([^"]+\.js)"/.exec(tag)?.[1] : undefined
    for (const url of [src, href]) if (url && url.startsWith('/')) found.add(url)
  }
  // Imports written inline in a module script (the client entry's `import("…")`).
  for (const match of html.matchAll(/import\(\s*["'](\/[^"']+\.js)["']\s*\)/g)) if (match[1]) found.add(match[1])
  return [...found]
}

const brotliCache = new Map<string, number>()
function brotliSize(url: string): number {
  const cached = brotliCache.get(url)
  if (cached !== undefined) return cached
  const file = join(publicDir, url)
  const size = existsSync(`${file}.br`) ? readFileSync(`${file}.br`).byteLength : brotliBytes(readFileSync(file))
  brotliCache.set(url, size)
  return size
}

function printByPackage(page: string, shares: PackageShare[] | null) {
  if (shares === null) {
    console.log(`\nBy package: this build has no source maps; \`BUILD_SOURCEMAP=1 npm run build\` writes them (same chunks).`)
    return
  }
  console.log(`\nBy package, ${page}'s first load (each part compressed alone, so they add up to more than the load):`)
  for (const share of shares) console.log(`  ${kib(share.brotli).padStart(10)}  ${share.name} (${kib(share.minified)} minified)`)
}

async function main() {
  const site = await startServer()
  const report: Array<{ page: string; path: string; files: Array<{ url: string; brotli: number }>; total: number }> = []
  for (const page of pages) {
    const response = await fetch(`${site.origin}${page.path}`, { headers: { 'accept-encoding': 'identity' } })
    if (!response.ok) throw new Error(`${page.path} answered ${response.status}`)
    const files = referencedScripts(await response.text()).map((url) => ({ url, brotli: brotliSize(url) }))
    files.sort((a, b) => b.brotli - a.brotli)
    report.push({ page: page.name, path: page.path, files, total: files.reduce((sum, file) => sum + file.brotli, 0) })
  }
  await site.stop()
  // Home's load is the one most pages share (each page's table above shows the chunks it adds).
  const home = report[0]
  const byPackage = home ? loadByPackage(home.files.map((file) => join(publicDir, file.url))) : null
  writeFileSync(
    join(reportDir, 'size-report.json'),
    JSON.stringify(
      {
        budget: FIRST_LOAD_JS_BUDGET_BYTES,
        aim: FIRST_LOAD_JS_AIM_BYTES,
        pages: report,
        byPackage: byPackage && { page: home?.page, packages: byPackage },
      },
      null,
      2,
    ),
  )

  let over = false
  for (const entry of report) {
    if (entry.total > FIRST_LOAD_JS_BUDGET_BYTES) over = true
    console.log(
      `\n${entry.page} (${entry.path}): ${entry.files.length} scripts, ${kib(entry.total)} brotli — ${firstLoadVerdict(entry.total)}`,
    )
    for (const file of entry.files) console.log(`  ${kib(file.brotli).padStart(10)}  ${file.url}`)
  }
  if (home) printByPackage(home.page, byPackage)
  console.log(
    `\nBudget: ${kib(FIRST_LOAD_JS_BUDGET_BYTES)} brotli of JavaScript on the first load of each page (over it, the run exits 1).`,
  )
  console.log(`Aim: ${kib(FIRST_LOAD_JS_AIM_BYTES)} (docs/requirements.md, §11.1's aims; shown, not judged by the exit code).`)
  console.log(`Report: ${join(reportDir, 'size-report.json')}`)
  process.exit(over ? 1 : 0)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((error: unknown) => {
    console.error(`size: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
