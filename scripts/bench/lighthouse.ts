/**
 * The Lighthouse part of `npm run bench`: performance only, mobile and desktop, on the
 * production server, with a bundle-size report. Prints one table row per page and preset,
 * the biggest layout shifts when CLS > 0, and the size of every JS/CSS asset; writes the
 * summary to `.cache/bench/lighthouse-summary.json` and each full Lighthouse report to
 * `.cache/bench/lhr/`. Fails (returns 1) when the home page (consent already decided) has
 * any layout shift: the project requires CLS 0 there.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium); BENCH_PORT_BASE (the server's
 * port, default 4330). To measure a change: BENCH_LIGHTHOUSE_PAGES (page names, e.g.
 * `service,post`), BENCH_LIGHTHOUSE_PRESETS (`mobile`, `desktop`) and
 * BENCH_LIGHTHOUSE_REPEAT (runs of each, default 1; the table then adds each page's median).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse'
import { chromiumFlags, chromiumPath } from '../../tests/chromium'
import { kib, ms, table } from './format'
import { benchDir, benchPort, buildDate, commitMeasured, HOST, root, startBuiltServer, type BuiltServer } from './server'

const publicDir = join(root, '.output/public')
const summaryFile = join(benchDir, 'lighthouse-summary.json')
const reportDir = join(benchDir, 'lhr')

const PORT = benchPort(0)
const origin = `http://${HOST}:${PORT}`
const chromePath = chromiumPath ?? '/usr/bin/chromium'
const chromeFlags = chromiumFlags

/** The visitor who already chose "Reject all" (tests/e2e/decided-consent.json). */
const consentCookies = [
  { name: 'cookie_control_consent', value: 'true' },
  { name: 'cookie_control_enabled_cookies', value: '' },
]
const consentCookieHeader = consentCookies.map(({ name, value }) => `${name}=${value}`).join('; ')

const pages = [
  { name: 'home', path: '/' },
  { name: 'service', path: '/services/cyber-security' },
  { name: 'landing', path: '/landing/managed-it-support' },
  { name: 'post', path: '/blog/phishing-training-that-staff-do-not-hate' },
  { name: 'blog', path: '/blog' },
  { name: 'contact', path: '/contact' },
  // The demo's pages with the most photos: the team, and a case study's 2400 px original.
  { name: 'about', path: '/about' },
  { name: 'case-study', path: '/case-studies/st-aidans-trust-schools-help-desk' },
]
/** The pages with a mobile performance target (requirements §11.1). */
const scoredPages = ['home', 'service', 'landing', 'post']
const MOBILE_SCORE_TARGET = 95

type Preset = 'mobile' | 'desktop'
interface Run {
  name: string
  path: string
  preset: Preset
  consent: boolean
  /** Which of BENCH_LIGHTHOUSE_REPEAT runs of the same page and preset (absent when there is one). */
  round?: number
}
const allRuns: Run[] = [
  ...pages.flatMap((page) => (['mobile', 'desktop'] as const).map((preset) => ({ ...page, preset, consent: true }))),
  // The first visit: no cookie, so the consent banner shows.
  { name: 'home', path: '/', preset: 'mobile', consent: false },
]
const listed = (name: string) =>
  process.env[name]
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
const onlyPages = listed('BENCH_LIGHTHOUSE_PAGES')
const onlyPresets = listed('BENCH_LIGHTHOUSE_PRESETS')
const repeat = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_REPEAT ?? 1) || 1)
const runs: Run[] = allRuns
  .filter((run) => (!onlyPages || onlyPages.includes(run.name)) && (!onlyPresets || onlyPresets.includes(run.preset)))
  .flatMap((run) => Array.from({ length: repeat }, (_, index) => (repeat > 1 ? { ...run, round: index + 1 } : run)))

// Chromium is ours: stopped by pid on every exit path.

let chrome: chromeLauncher.LaunchedChrome | undefined

function stopChrome() {
  if (!chrome) return
  try {
    chrome.kill()
  } catch {
    // already gone
  }
  chrome = undefined
}
process.on('exit', stopChrome)

// ---------------------------------------------------------------------------------------
// Lighthouse

/**
 * Puts the consent cookies in the browser's cookie jar. The site decides consent in the
 * browser from `document.cookie`, which a Cookie request header (Lighthouse's
 * extraHeaders) never reaches: with the header alone the banner would still show.
 */
async function seedCookies(port: number) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const socket = new WebSocket(webSocketDebuggerUrl)
  await new Promise<void>((done, fail) => {
    socket.addEventListener('open', () => done(), { once: true })
    socket.addEventListener('error', () => fail(new Error('cannot reach Chromium over CDP')), { once: true })
  })
  try {
    await new Promise<void>((done, fail) => {
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } }
        if (message.id !== 1) return
        if (message.error) fail(new Error(`Storage.setCookies: ${message.error.message}`))
        else done()
      })
      const cookies = consentCookies.map((cookie) => ({ ...cookie, domain: HOST, path: '/', sameSite: 'Lax' }))
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }))
    })
  } finally {
    socket.close()
  }
}

interface Culprit {
  selector: string | null
  label: string | null
  snippet: string | null
  score: number
  causes: string[]
}
interface RunSummary extends Run {
  url: string
  finalUrl: string | null
  score: number | null
  cls: number | null
  lcpMs: number | null
  tbtMs: number | null
  fcpMs: number | null
  speedIndexMs: number | null
  totalBytes: number | null
  jsBytes: number | null
  cssBytes: number | null
  requests: number | null
  clsCulprits: Culprit[]
  /** Lighthouse's image findings (image delivery: size and format; the LCP image's discovery), by audit. */
  imageFindings: ImageFinding[]
  runWarnings: string[]
  error: string | null
  report: string | null
}

type Details = { items?: Array<Record<string, unknown>> }
interface ImageFinding {
  audit: string
  title: string
  urls: string[]
}

/** The audits that would say an image is too large, in an old format, or found late or lazily. */
const IMAGE_AUDITS = ['image-delivery-insight', 'lcp-discovery-insight', 'uses-responsive-images', 'modern-image-formats']

function imageFindings(lhr: Result): ImageFinding[] {
  return IMAGE_AUDITS.flatMap((id) => {
    const audit = lhr.audits[id]
    if (!audit || audit.score === null || audit.score >= 1) return []
    const items = (audit.details as Details | undefined)?.items ?? []
    const urls = items.map((item) => item.url).filter((url): url is string => typeof url === 'string')
    return [{ audit: id, title: audit.title, urls }]
  })
}
type NodeValue = { type: 'node'; selector?: string; nodeLabel?: string; snippet?: string }

function numeric(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue
  return typeof value === 'number' ? value : null
}

function culprits(lhr: Result): Culprit[] {
  // Lighthouse 12+: `layout-shifts` (one row per shift, root causes as sub-items);
  // before that: `layout-shift-elements` (one row per element).
  const audit = lhr.audits['layout-shifts'] ?? lhr.audits['layout-shift-elements']
  const items = ((audit?.details as Details | undefined)?.items ?? []).map((item) => {
    const node = item.node as NodeValue | undefined
    const subItems = (item.subItems as Details | undefined)?.items ?? []
    return {
      selector: node?.selector ?? null,
      label: node?.nodeLabel ?? null,
      snippet: node?.snippet ?? null,
      score: Number(item.score ?? item.value ?? 0),
      causes: subItems.map((sub) => {
        const extra = sub.extra as { type?: string; value?: unknown; selector?: string } | undefined
        const where = extra?.type === 'url' ? String(extra.value) : (extra?.selector ?? '')
        return [String(sub.cause ?? ''), where].filter(Boolean).join(': ')
      }),
    }
  })
  return items.sort((a, b) => b.score - a.score).slice(0, 3)
}

function resourceBytes(lhr: Result, type: string): number | null {
  const items = (lhr.audits['resource-summary']?.details as Details | undefined)?.items ?? []
  const row = items.find((item) => item.resourceType === type)
  return typeof row?.transferSize === 'number' ? row.transferSize : null
}

/** Lighthouse asks to run again after a broken trace (NO_NAVSTART and the like): one retry. */
async function runLighthouseWithRetry(run: Run): Promise<RunSummary> {
  const first = await runLighthouse(run)
  if (!first.error) return first
  const second = await runLighthouse(run)
  return second.error
    ? second
    : { ...second, runWarnings: [`first attempt failed (${first.error}); this is the retry`, ...second.runWarnings] }
}

async function runLighthouse(run: Run): Promise<RunSummary> {
  const url = `${origin}${run.path}`
  const summary: RunSummary = {
    ...run,
    url,
    finalUrl: null,
    score: null,
    cls: null,
    lcpMs: null,
    tbtMs: null,
    fcpMs: null,
    speedIndexMs: null,
    totalBytes: null,
    jsBytes: null,
    cssBytes: null,
    requests: null,
    clsCulprits: [],
    imageFindings: [],
    runWarnings: [],
    error: null,
    report: null,
  }
  // A fresh browser and profile per run: empty HTTP cache, nothing left in the cookie jar.
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent', handleSIGINT: false })
  try {
    if (run.consent) await seedCookies(chrome.port)
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: 'simulate',
      ...(run.consent ? { extraHeaders: { Cookie: consentCookieHeader } } : {}),
    }
    const result = await lighthouse(url, flags, run.preset === 'desktop' ? desktopConfig : undefined)
    if (!result) throw new Error('Lighthouse returned no result')
    const lhr = result.lhr
    const reportName = `${run.name}-${run.preset}${run.consent ? '' : '-first-visit'}${run.round ? `-${run.round}` : ''}.json`
    writeFileSync(join(reportDir, reportName), JSON.stringify(lhr))
    summary.report = `.cache/bench/lhr/${reportName}`
    summary.finalUrl = lhr.finalDisplayedUrl ?? null
    summary.runWarnings = (lhr.runWarnings ?? []).map(String)
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const score = lhr.categories.performance?.score
    summary.score = typeof score === 'number' ? Math.round(score * 100) : null
    summary.cls = numeric(lhr, 'cumulative-layout-shift')
    summary.lcpMs = numeric(lhr, 'largest-contentful-paint')
    summary.tbtMs = numeric(lhr, 'total-blocking-time')
    summary.fcpMs = numeric(lhr, 'first-contentful-paint')
    summary.speedIndexMs = numeric(lhr, 'speed-index')
    summary.totalBytes = numeric(lhr, 'total-byte-weight') ?? resourceBytes(lhr, 'total')
    summary.jsBytes = resourceBytes(lhr, 'script')
    summary.cssBytes = resourceBytes(lhr, 'stylesheet')
    const items = (lhr.audits['resource-summary']?.details as Details | undefined)?.items ?? []
    const total = items.find((item) => item.resourceType === 'total')
    summary.requests = typeof total?.requestCount === 'number' ? total.requestCount : null
    summary.clsCulprits = culprits(lhr)
    summary.imageFindings = imageFindings(lhr)
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error)
  } finally {
    stopChrome()
  }
  return summary
}

// ---------------------------------------------------------------------------------------
// Bundle sizes

interface Asset {
  file: string
  raw: number
  gzip: number
}

function assetSize(file: string): Asset {
  const content = readFileSync(join(publicDir, file))
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
}

function bundleReport(homeHtml: string) {
  const assetsDir = join(publicDir, 'assets')
  const assets = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => assetSize(`assets/${file}`))
    .sort((a, b) => b.gzip - a.gzip)

  // What the home page's HTML references directly: module scripts, modulepreloads, stylesheets.
  const referenced = new Set<string>()
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

// ---------------------------------------------------------------------------------------
// Output

const clsText = (value: number | null) =>
  value === null ? '–' : value === 0 ? '0' : value < 0.001 ? value.toExponential(1) : value.toFixed(3)

function label(run: Run) {
  return `${run.name} ${run.path}${run.consent ? '' : ' (first visit)'}`
}

export async function runLighthouseBench(): Promise<number> {
  if (!existsSync(chromePath)) {
    console.error(`bench: no Chromium at ${chromePath}; install it or set CHROMIUM_PATH`)
    return 1
  }
  mkdirSync(reportDir, { recursive: true })
  const build = buildDate()
  console.log(`bench: Lighthouse on the production server (${origin})`)
  const server = await startBuiltServer(PORT)
  try {
    return await lighthouseRuns(server, build)
  } finally {
    stopChrome()
    await server.stop()
  }
}

async function lighthouseRuns(server: BuiltServer, build: string | null): Promise<number> {
  // One request per page first: the server loads each section's code on first use, and the
  // first response after a start streams those sections late. Measure the steady state.
  for (const page of pages) await (await fetch(`${origin}${page.path}`)).arrayBuffer()

  const homeHtml = await (await fetch(`${origin}/`)).text()
  const bundles = bundleReport(homeHtml)

  const results: RunSummary[] = []
  for (const [index, run] of runs.entries()) {
    process.stdout.write(`bench: [${index + 1}/${runs.length}] Lighthouse ${run.preset} ${label(run)} … `)
    const started = Date.now()
    const summary = await runLighthouseWithRetry(run)
    results.push(summary)
    console.log(summary.error ? `failed: ${summary.error}` : `${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  await server.stop()

  const lighthouseVersion = (JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
    .version
  writeFileSync(
    summaryFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: lighthouseVersion,
        throttlingMethod: 'simulate',
        origin,
        commit: commitMeasured(),
        build,
        buildChangedDuringRun: buildDate() !== build,
        runs: results,
        bundles,
      },
      null,
      2,
    )}\n`,
  )

  console.log(`\nLighthouse ${lighthouseVersion}, performance, simulated throttling (absolute times are noisy on a small machine)\n`)
  console.log(
    table(
      ['page', 'preset', 'score', 'CLS', 'LCP', 'TBT', 'FCP', 'transferred', 'JS'],
      results.map((result) => [
        label(result),
        result.preset,
        result.error ? 'ERROR' : String(result.score ?? '–'),
        clsText(result.cls),
        ms(result.lcpMs),
        ms(result.tbtMs),
        ms(result.fcpMs),
        kib(result.totalBytes),
        kib(result.jsBytes),
      ]),
      [2, 3, 4, 5, 6, 7, 8],
    ),
  )

  if (repeat > 1) {
    const median = (values: Array<number | null>) => {
      const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b)
      return sorted[Math.floor(sorted.length / 2)] ?? null
    }
    const groups = new Map<string, RunSummary[]>()
    for (const result of results) {
      const key = `${label(result)}|${result.preset}`
      groups.set(key, [...(groups.get(key) ?? []), result])
    }
    console.log(`\nMedians of ${repeat} runs\n`)
    console.log(
      table(
        ['page', 'preset', 'score', 'TBT', 'LCP', 'scores'],
        [...groups.values()].map((group) => [
          label(group[0]!),
          group[0]!.preset,
          String(median(group.map((result) => result.score)) ?? '–'),
          ms(median(group.map((result) => result.tbtMs))),
          ms(median(group.map((result) => result.lcpMs))),
          group.map((result) => result.score ?? '–').join(' '),
        ]),
        [2, 3, 4],
      ),
    )
  }

  for (const result of results) {
    for (const finding of result.imageFindings) {
      console.log(`\nimages on ${label(result)} [${result.preset}]: ${finding.title} (${finding.audit})`)
      for (const url of finding.urls) console.log(`  ${url}`)
    }
  }
  const imageClean = results.filter((result) => !result.error && result.imageFindings.length === 0).length
  console.log(`\nimages: ${imageClean} of ${results.length} runs have no image-delivery or LCP-discovery finding`)

  for (const result of results) {
    if (result.error) console.log(`\n${label(result)} [${result.preset}]: ${result.error}`)
    for (const warning of result.runWarnings) console.log(`\n${label(result)} [${result.preset}] warning: ${warning}`)
    if (!result.cls) continue
    console.log(`\nCLS ${clsText(result.cls)} on ${label(result)} [${result.preset}], biggest shifts:`)
    if (!result.clsCulprits.length) console.log('  (Lighthouse named no element)')
    for (const culprit of result.clsCulprits) {
      console.log(
        `  ${culprit.score.toFixed(4)}  ${culprit.selector ?? '?'}${culprit.label ? `  "${culprit.label.replace(/\s+/g, ' ').slice(0, 60)}"` : ''}`,
      )
      for (const cause of culprit.causes) console.log(`          cause: ${cause}`)
    }
  }

  console.log('\nBundle (.output/public/assets), gzip -9, largest first\n')
  console.log(
    table(
      ['file', 'raw', 'gzip'],
      [
        ...bundles.assets.map((asset) => [asset.file.replace(/^assets\//, ''), kib(asset.raw), kib(asset.gzip)]),
        ['total JS', kib(bundles.totals.js.raw), kib(bundles.totals.js.gzip)],
        ['total CSS', kib(bundles.totals.css.raw), kib(bundles.totals.css.gzip)],
        ['total', kib(bundles.totals.all.raw), kib(bundles.totals.all.gzip)],
      ],
      [1, 2],
    ),
  )
  const { initialTotals } = bundles
  console.log(
    `\nInitial JS/CSS referenced by the home page's HTML (script src, modulepreload, stylesheet): ${bundles.initial.length} files\n` +
      `  JS  ${kib(initialTotals.js.raw)} raw, ${kib(initialTotals.js.gzip)} gzip  <- initial JS\n` +
      `  CSS ${kib(initialTotals.css.raw)} raw, ${kib(initialTotals.css.gzip)} gzip\n` +
      `  all ${kib(initialTotals.all.raw)} raw, ${kib(initialTotals.all.gzip)} gzip`,
  )
  console.log(`\nbench: summary written to ${summaryFile.replace(`${root}/`, '')}, full reports in ${reportDir.replace(`${root}/`, '')}/`)

  const failed = results.filter((result) => result.error)
  const shiftingHome = results.filter((result) => result.name === 'home' && result.consent && (result.cls === null || result.cls > 0))
  // Requirements §11.1: mobile performance ≥ 95 on home, a service page, the landing page and a post, and CLS 0.
  const mobile = results.filter((result) => result.preset === 'mobile' && result.consent && scoredPages.includes(result.name))
  console.log(
    `\n${table(
      ['target', 'measured', ''],
      mobile.flatMap((result) => [
        [
          `${label(result)}: mobile score ≥ ${MOBILE_SCORE_TARGET}`,
          String(result.score ?? '–'),
          (result.score ?? 0) >= MOBILE_SCORE_TARGET ? 'met' : 'MISSED',
        ],
        [`${label(result)}: CLS 0`, clsText(result.cls), result.cls === 0 ? 'met' : 'MISSED'],
      ]),
      [1],
    )}`,
  )
  let exitCode = 0
  if (mobile.some((result) => (result.score ?? 0) < MOBILE_SCORE_TARGET || result.cls !== 0)) {
    console.error('\nbench: a Lighthouse target was missed')
    exitCode = 1
  }
  if (buildDate() !== build) {
    console.error('\nbench: .output was rebuilt while the benchmark ran (the server kept the old build); run it again')
    exitCode = 1
  }
  if (failed.length) {
    console.error(`\nbench: ${failed.length} Lighthouse run(s) failed`)
    exitCode = 1
  }
  for (const result of shiftingHome) {
    console.error(
      result.cls === null
        ? `\nbench: FAIL no CLS measured for home [${result.preset}]; the project requires CLS 0 on home`
        : `\nbench: FAIL CLS ${result.cls} on home [${result.preset}] with consent decided; the project requires CLS 0 on home`,
    )
    exitCode = 1
  }
  return exitCode
}
