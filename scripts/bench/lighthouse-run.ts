/**
 * One Lighthouse run of the bench (lighthouse.ts): a fresh Chromium and profile, the
 * consent cookies when the run is a returning visitor's, performance only, and the
 * summary of its report (lighthouse-audits.ts); the full report is written to
 * `.cache/bench/lhr/`. Chromium is stopped by pid on every exit path.
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Flags } from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { chromium, type Page } from '@playwright/test'
import { chromiumFlags, chromiumPath } from '../../tests/chromium'
import {
  blockingBySource,
  culprits,
  imageFindings,
  navigationCommit,
  numeric,
  resourceBytes,
  type BlockingSource,
  type Culprit,
  type Details,
  type ImageFinding,
} from './lighthouse-audits'
import { benchDir, HOST } from './server'

export const reportDir = join(benchDir, 'lhr')
// Debian's (or CHROMIUM_PATH), else Playwright's own, as the browser tests use (tests/chromium.ts).
export const chromePath = chromiumPath ?? chromium.executablePath()
const chromeFlags = chromiumFlags

let chromeVersion: string | null | undefined

/**
 * The version of the Chromium the bench drives (`150.0.7871.100`), null when it does not say.
 * A score is only comparable with one taken in the same version: on this project's 2-core
 * machine the same site code scored 75 on home in one bench, whose version went unrecorded,
 * and 99 in a later one in Chromium 150 (README, Benchmarks, "Lighthouse").
 */
export function chromiumVersion(): string | null {
  if (chromeVersion === undefined) {
    try {
      // Debian's launcher is a shell script that also writes a warning to stderr: only stdout is read.
      const printed = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 })
      chromeVersion = /\d+(\.\d+){3}/.exec(printed)?.[0] ?? null
    } catch {
      chromeVersion = null
    }
  }
  return chromeVersion
}

/** The visitor who already chose "Reject all" (tests/e2e/decided-consent.json). */
export const consentCookies = [
  { name: 'cookie_control_consent', value: 'true' },
  { name: 'cookie_control_enabled_cookies', value: '' },
]
const consentCookieHeader = consentCookies.map(({ name, value }) => `${name}=${value}`).join('; ')

type Preset = 'mobile' | 'desktop'
export interface Run {
  name: string
  path: string
  preset: Preset
  consent: boolean
  /** Which of BENCH_LIGHTHOUSE_REPEAT runs of the same page and preset (absent when there is one). */
  round?: number
}

// Chromium is ours: stopped by pid on every exit path.

let chrome: chromeLauncher.LaunchedChrome | undefined

export function stopChrome() {
  if (!chrome) return
  try {
    chrome.kill()
  } catch {
    // already gone
  }
  chrome = undefined
}
process.on('exit', stopChrome)

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

/**
 * Lighthouse's mobile preset slows the CPU 4×, which its throttling guide says takes a typical
 * high-end desktop (benchmarkIndex 1500–2000) to a mid-tier phone: the phone it means is
 * about 1750 / 4. A host of another speed gets the slowdown that takes it to the same phone
 * (the guide's calibration), so two machines of different speed score the same page alike.
 */
export const PHONE_BENCHMARK_INDEX = 1750 / 4
const SLOWDOWN_RANGE = { min: 1, max: 20 }

/**
 * How many readings one calibration takes. On a small VM the benchmark's readings fall in two
 * clusters seconds apart (about 1 250 and 1 800 on the 2-core machine, 25 readings in a row),
 * so a median of three landed in either, and one run's pages were slowed 2.8× or 4.2× by chance.
 */
export const BENCHMARK_READINGS = 15

/** Lighthouse's own benchmark (the `benchmarkIndex` in every report), BENCHMARK_READINGS times in this page; the median. */
export async function benchmarkIndexIn(page: Page): Promise<number> {
  const values: number[] = []
  for (let round = 0; round < BENCHMARK_READINGS; round++)
    values.push(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`))
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

let hostIndex: Promise<number | null> | undefined

/**
 * The host's benchmark index, measured once per bench in the first mobile run's fresh
 * browser: every mobile run of the bench gets the same slowdown, so its pages compare with
 * each other. Null when it cannot be measured.
 */
function hostBenchmarkIndex(port: number): Promise<number | null> {
  hostIndex ??= measureBenchmarkIndex(port)
  return hostIndex
}

async function measureBenchmarkIndex(port: number): Promise<number | null> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    const index = await benchmarkIndexIn(page)
    await page.close()
    return index
  } catch {
    return null
  } finally {
    // Disconnects only: the browser is Lighthouse's next, and stopChrome's to end.
    await browser.close().catch(() => undefined)
  }
}

/**
 * BENCH_CPU_SLOWDOWN, when set: one slowdown for every run, to compare two builds on a host
 * whose benchmark index swings (a calibrated run follows the swing, and the comparison
 * then measures the host, not the change).
 */
function fixedSlowdown(): number | null {
  const set = process.env.BENCH_CPU_SLOWDOWN?.trim()
  if (!set) return null
  const value = Number(set)
  if (!Number.isFinite(value) || value < SLOWDOWN_RANGE.min || value > SLOWDOWN_RANGE.max)
    throw new Error(`BENCH_CPU_SLOWDOWN must be a number from ${SLOWDOWN_RANGE.min} to ${SLOWDOWN_RANGE.max}, not "${set}"`)
  return value
}

/** The CPU slowdown that takes a host of this benchmark index to Lighthouse's mobile phone; 4 (the default) when unknown. */
export function calibratedSlowdown(benchmarkIndex: number | null): number {
  const fixed = fixedSlowdown()
  if (fixed !== null) return fixed
  if (benchmarkIndex === null || !Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    return throttling.mobileSlow4G.cpuSlowdownMultiplier
  const slowdown = Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10
  return Math.min(SLOWDOWN_RANGE.max, Math.max(SLOWDOWN_RANGE.min, slowdown))
}

export interface RunSummary extends Run {
  url: string
  /** The host's benchmark index the bench measured (mobile runs), and the one Lighthouse reports for this run. */
  benchmarkIndex: number | null
  lighthouseBenchmarkIndex: number | null
  /** The CPU slowdown the run simulated: calibrated on mobile, 1 on desktop. */
  cpuSlowdown: number | null
  finalUrl: string | null
  score: number | null
  cls: number | null
  lcpMs: number | null
  tbtMs: number | null
  fcpMs: number | null
  speedIndexMs: number | null
  /** The wall and CPU time of the renderer's task that commits the page (lighthouse-audits.ts, navigationCommit). */
  commitWallMs: number | null
  commitCpuMs: number | null
  totalBytes: number | null
  jsBytes: number | null
  cssBytes: number | null
  requests: number | null
  clsCulprits: Culprit[]
  /** What the total blocking time was made of, by source (lighthouse-audits.ts, blockingBySource). */
  blocking: BlockingSource[] | null
  /** Lighthouse's image findings (image delivery: size and format; the LCP image's discovery), by audit. */
  imageFindings: ImageFinding[]
  runWarnings: string[]
  error: string | null
  report: string | null
}

/** Lighthouse asks to run again after a broken trace (NO_NAVSTART and the like): one retry. */
export async function runLighthouseWithRetry(run: Run, origin: string): Promise<RunSummary> {
  const first = await runLighthouse(run, origin)
  if (!first.error) return first
  const second = await runLighthouse(run, origin)
  return second.error
    ? second
    : { ...second, runWarnings: [`first attempt failed (${first.error}); this is the retry`, ...second.runWarnings] }
}

async function runLighthouse(run: Run, origin: string): Promise<RunSummary> {
  const url = `${origin}${run.path}`
  const summary: RunSummary = {
    ...run,
    url,
    benchmarkIndex: null,
    lighthouseBenchmarkIndex: null,
    cpuSlowdown: null,
    finalUrl: null,
    score: null,
    cls: null,
    lcpMs: null,
    tbtMs: null,
    fcpMs: null,
    speedIndexMs: null,
    commitWallMs: null,
    commitCpuMs: null,
    totalBytes: null,
    jsBytes: null,
    cssBytes: null,
    requests: null,
    clsCulprits: [],
    blocking: null,
    imageFindings: [],
    runWarnings: [],
    error: null,
    report: null,
  }
  // A fresh browser and profile per run: empty HTTP cache, nothing left in the cookie jar.
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent', handleSIGINT: false })
  try {
    if (run.consent) await seedCookies(chrome.port)
    if (run.preset === 'mobile') {
      summary.benchmarkIndex = await hostBenchmarkIndex(chrome.port)
      summary.cpuSlowdown = calibratedSlowdown(summary.benchmarkIndex)
    } else {
      summary.cpuSlowdown = desktopConfig.settings?.throttling?.cpuSlowdownMultiplier ?? 1
    }
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: 'simulate',
      ...(run.preset === 'mobile' ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: summary.cpuSlowdown } } : {}),
      ...(run.consent ? { extraHeaders: { Cookie: consentCookieHeader } } : {}),
    }
    const result = await lighthouse(url, flags, run.preset === 'desktop' ? desktopConfig : undefined)
    if (!result) throw new Error('Lighthouse returned no result')
    const lhr = result.lhr
    const reportName = `${run.name}-${run.preset}${run.consent ? '' : '-first-visit'}${run.round ? `-${run.round}` : ''}.json`
    writeFileSync(join(reportDir, reportName), JSON.stringify(lhr))
    summary.report = `.cache/bench/lhr/${reportName}`
    // For reading a run's blocking time against its own trace (docs/decisions/040): the trace Lighthouse simulated from.
    if (process.env.BENCH_LIGHTHOUSE_TRACES === '1' && result.artifacts.Trace)
      writeFileSync(join(reportDir, reportName.replace(/\.json$/, '.trace.json')), JSON.stringify(result.artifacts.Trace))
    summary.finalUrl = lhr.finalDisplayedUrl ?? null
    summary.runWarnings = (lhr.runWarnings ?? []).map(String)
    summary.lighthouseBenchmarkIndex = lhr.environment?.benchmarkIndex ?? null
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    const score = lhr.categories.performance?.score
    summary.score = typeof score === 'number' ? Math.round(score * 100) : null
    summary.cls = numeric(lhr, 'cumulative-layout-shift')
    summary.lcpMs = numeric(lhr, 'largest-contentful-paint')
    summary.tbtMs = numeric(lhr, 'total-blocking-time')
    summary.fcpMs = numeric(lhr, 'first-contentful-paint')
    summary.speedIndexMs = numeric(lhr, 'speed-index')
    const commit = navigationCommit(result.artifacts.Trace?.traceEvents ?? [])
    summary.commitWallMs = commit?.wallMs ?? null
    summary.commitCpuMs = commit?.cpuMs ?? null
    summary.totalBytes = numeric(lhr, 'total-byte-weight') ?? resourceBytes(lhr, 'total')
    summary.jsBytes = resourceBytes(lhr, 'script')
    summary.cssBytes = resourceBytes(lhr, 'stylesheet')
    const items = (lhr.audits['resource-summary']?.details as Details | undefined)?.items ?? []
    const total = items.find((item) => item.resourceType === 'total')
    summary.requests = typeof total?.requestCount === 'number' ? total.requestCount : null
    summary.clsCulprits = culprits(lhr)
    summary.blocking = blockingBySource(lhr)
    summary.imageFindings = imageFindings(lhr)
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error)
  } finally {
    stopChrome()
  }
  return summary
}
