/**
 * What the Lighthouse bench (lighthouse.ts) prints: a row per run, the medians of the pages
 * run more than once, what each mobile page's blocking time was made of, the image findings,
 * the errors and warnings, the biggest layout shifts when CLS > 0, and the bundle
 * (bundle-report.ts).
 */
import type { BundleReport } from './bundle-report'
import { kib, median, ms, table } from './format'
import { chromiumVersion, PHONE_BENCHMARK_INDEX, type Run, type RunSummary } from './lighthouse-run'

export const clsText = (value: number | null) =>
  value === null ? '–' : value === 0 ? '0' : value < 0.001 ? value.toExponential(1) : value.toFixed(3)

export function label(run: Run) {
  return `${run.name} ${run.path}${run.consent ? '' : ' (first visit)'}`
}

/** The wall and CPU time of the task that commits the page (lighthouse-audits.ts, navigationCommit): `32/7 ms`. */
export function commitText(result: Pick<RunSummary, 'commitWallMs' | 'commitCpuMs'>): string {
  if (result.commitWallMs === null) return '–'
  return `${result.commitWallMs.toFixed(0)}/${result.commitCpuMs === null ? '–' : result.commitCpuMs.toFixed(0)} ms`
}

/** Requirements §11.1: the scored pages' mobile score (the median of their runs), and CLS 0 in every run. */
const MOBILE_SCORE_TARGET = 95
/** The speed work's aims for the same pages (docs/requirements.md, §11.1's aims): medians of their runs. */
const MOBILE_SCORE_AIM = 100
const BLOCKING_TIME_AIM_MS = 50

/** One line of the targets table: `decides` when a miss makes the bench exit 1 (a requirement), not when it is an aim. */
export interface Verdict {
  target: string
  measured: string
  met: boolean
  decides: boolean
}

/**
 * The scored pages' mobile runs, each page judged by the median of its runs: the requirement
 * (score and CLS), which decides the exit code, then the aims (score and total blocking time),
 * which are printed as met or missed beside it, so that a page at 98 reads as short of 100.
 */
export function mobileVerdicts(groups: RunSummary[][]): Verdict[] {
  return groups.flatMap((group) => {
    const name = label(group[0]!)
    const runs = group.length > 1 ? ` (median of ${group.length})` : ''
    const score = median(group.map((result) => result.score))
    const blocking = median(group.map((result) => result.tbtMs))
    const cls = group.some((result) => result.cls === null) ? null : Math.max(...group.map((result) => result.cls ?? 0))
    return [
      {
        target: `${name}: mobile score ≥ ${MOBILE_SCORE_TARGET}${runs}`,
        measured: String(score ?? '–'),
        met: (score ?? 0) >= MOBILE_SCORE_TARGET,
        decides: true,
      },
      { target: `${name}: CLS 0${group.length > 1 ? ' (every run)' : ''}`, measured: clsText(cls), met: cls === 0, decides: true },
      {
        target: `${name}: mobile score ${MOBILE_SCORE_AIM}${runs}, aim`,
        measured: String(score ?? '–'),
        met: (score ?? 0) >= MOBILE_SCORE_AIM,
        decides: false,
      },
      {
        target: `${name}: total blocking time < ${BLOCKING_TIME_AIM_MS} ms${runs}, aim`,
        measured: ms(blocking),
        met: blocking !== null && blocking < BLOCKING_TIME_AIM_MS,
        decides: false,
      },
    ]
  })
}

/** The targets table: a missed aim says so, and that it does not decide the exit code. */
export function verdictTable(verdicts: Verdict[]): string {
  return table(
    ['target', 'measured', ''],
    verdicts.map((verdict) => [
      verdict.target,
      verdict.measured,
      verdict.met ? 'met' : verdict.decides ? 'MISSED' : 'MISSED (aim, exit code unaffected)',
    ]),
    [1],
  )
}

/** The run whose blocking time is the median of its group's (the lower middle of an even count; null when none measured it). */
export function medianBlockingRun(group: RunSummary[]): RunSummary | null {
  const measured = group.filter((result) => result.tbtMs !== null).sort((a, b) => a.tbtMs! - b.tbtMs!)
  return measured[Math.floor((measured.length - 1) / 2)] ?? null
}

/**
 * One row per mobile page: its median run's blocking time, and what made it, by source
 * (lighthouse-audits.ts, blockingBySource), e.g. `the document 57 (2), the browser 27 (1)`:
 * milliseconds of blocking time, and in brackets the long tasks that gave them.
 */
export function blockingRows(results: RunSummary[]): string[][] {
  return runsByPage(results)
    .filter((group) => group[0]!.preset === 'mobile')
    .flatMap((group) => {
      const run = medianBlockingRun(group)
      if (!run?.blocking) return []
      const made = run.blocking.map((part) => `${part.source} ${Math.round(part.ms)} (${part.tasks})`).join(', ')
      return [
        [
          label(run),
          group.length > 1 ? `median of ${group.length}` : 'one run',
          ms(run.tbtMs),
          made || 'none of the listed long tasks counts (the metric sums every task of the simulation)',
        ],
      ]
    })
}

/** The runs of each page and preset (and first visit), in the order they ran. */
export function runsByPage(results: RunSummary[]): RunSummary[][] {
  const groups = new Map<string, RunSummary[]>()
  for (const result of results) {
    const key = `${label(result)}|${result.preset}`
    groups.set(key, [...(groups.get(key) ?? []), result])
  }
  return [...groups.values()]
}

export function printLighthouseReport(results: RunSummary[], bundles: BundleReport, lighthouseVersion: string) {
  console.log(
    `\nLighthouse ${lighthouseVersion} in Chromium ${chromiumVersion() ?? '(version unknown)'}, performance, simulated throttling (absolute times are noisy on a small machine)`,
  )
  console.log(
    `The mobile CPU slowdown is calibrated once per bench from the host's benchmark index (BI, the median of its readings in the first mobile run's browser): BI ÷ ${PHONE_BENCHMARK_INDEX}, the phone Lighthouse's 4× means.\n`,
  )
  console.log(
    table(
      ['page', 'preset', 'BI', 'CPU ×', 'score', 'CLS', 'LCP', 'TBT', 'FCP', 'commit wall/CPU', 'transferred', 'JS'],
      results.map((result) => [
        label(result),
        result.preset,
        result.benchmarkIndex === null ? (result.lighthouseBenchmarkIndex?.toFixed(0) ?? '–') : result.benchmarkIndex.toFixed(0),
        result.cpuSlowdown === null ? '–' : result.cpuSlowdown.toFixed(1),
        result.error ? 'ERROR' : String(result.score ?? '–'),
        clsText(result.cls),
        ms(result.lcpMs),
        ms(result.tbtMs),
        ms(result.fcpMs),
        commitText(result),
        kib(result.totalBytes),
        kib(result.jsBytes),
      ]),
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    ),
  )
  console.log(
    "\ncommit wall/CPU: the renderer's task that commits the page, its wall time and the CPU time it had. Lighthouse multiplies the wall time by the CPU slowdown, and the task ends after the first paint it simulates, so on a busy small host the wait counts as blocking time (docs/decisions/040).",
  )

  const groups = runsByPage(results).filter((group) => group.length > 1)
  if (groups.length > 0) {
    console.log('\nMedians of the pages run more than once\n')
    console.log(
      table(
        ['page', 'preset', 'runs', 'score', 'TBT', 'LCP', 'scores'],
        groups.map((group) => [
          label(group[0]!),
          group[0]!.preset,
          String(group.length),
          String(median(group.map((result) => result.score)) ?? '–'),
          ms(median(group.map((result) => result.tbtMs))),
          ms(median(group.map((result) => result.lcpMs))),
          group.map((result) => result.score ?? '–').join(' '),
        ]),
        [2, 3, 4, 5],
      ),
    )
  }

  const blocking = blockingRows(results)
  if (blocking.length > 0) {
    console.log(
      "\nWhat the mobile blocking time was made of: Lighthouse's long tasks after the first contentful paint, each counted as the metric counts it (its part over 50 ms, up to time to interactive), by what Lighthouse attributes it to; in brackets, how many tasks. The browser is work with no script (the page's commit, style, layout, paint, and waits for a core: docs/decisions/040); the document is its HTML parsing and inline scripts.\n",
    )
    console.log(table(['page', 'run', 'TBT', 'made of (ms of blocking time, tasks)'], blocking, [2]))
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
}
