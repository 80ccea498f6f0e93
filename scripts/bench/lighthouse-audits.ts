/**
 * What the Lighthouse bench (lighthouse.ts) reads from one Lighthouse report: the
 * numbers, the biggest layout shifts with their causes, the bytes by resource type, the
 * image audits that failed, and what the total blocking time was made of.
 */
import type { Result } from 'lighthouse'

export interface Culprit {
  selector: string | null
  label: string | null
  snippet: string | null
  score: number
  causes: string[]
}

export type Details = { items?: Array<Record<string, unknown>> }
export interface ImageFinding {
  audit: string
  title: string
  urls: string[]
}

/** The audits that would say an image is too large, in an old format, or found late or lazily. */
const IMAGE_AUDITS = ['image-delivery-insight', 'lcp-discovery-insight', 'uses-responsive-images', 'modern-image-formats']

export function imageFindings(lhr: Result): ImageFinding[] {
  return IMAGE_AUDITS.flatMap((id) => {
    const audit = lhr.audits[id]
    if (!audit || audit.score === null || audit.score >= 1) return []
    const items = (audit.details as Details | undefined)?.items ?? []
    const urls = items.map((item) => item.url).filter((url): url is string => typeof url === 'string')
    return [{ audit: id, title: audit.title, urls }]
  })
}
type NodeValue = { type: 'node'; selector?: string; nodeLabel?: string; snippet?: string }

export function numeric(lhr: Result, id: string): number | null {
  const value = lhr.audits[id]?.numericValue
  return typeof value === 'number' ? value : null
}

export function culprits(lhr: Result): Culprit[] {
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

export function resourceBytes(lhr: Result, type: string): number | null {
  const items = (lhr.audits['resource-summary']?.details as Details | undefined)?.items ?? []
  const row = items.find((item) => item.resourceType === type)
  return typeof row?.transferSize === 'number' ? row.transferSize : null
}

/** Lighthouse's rule: the part of a task over this is blocking time. */
const BLOCKING_TIME_THRESHOLD_MS = 50

/** Where a share of the blocking time came from, as Lighthouse attributes its long tasks. */
export interface BlockingSource {
  /** `the browser`, `the document`, `Lighthouse's own scripts`, or a script's path. */
  source: string
  ms: number
  tasks: number
}

/**
 * A task's blocking time as Lighthouse counts it for the metric: only its part between the
 * first contentful paint and time to interactive, less 50 ms (the same rule as Lighthouse's
 * own `calculateTbtImpactForEvent`, for a top-level task).
 */
export function blockingTimeOf(task: { startTime: number; duration: number }, fcpMs: number, interactiveMs: number): number {
  const end = task.startTime + task.duration
  if (task.duration < BLOCKING_TIME_THRESHOLD_MS || end < fcpMs || task.startTime > interactiveMs) return 0
  const clipped = Math.min(end, interactiveMs) - Math.max(task.startTime, fcpMs)
  return clipped < BLOCKING_TIME_THRESHOLD_MS ? 0 : clipped - BLOCKING_TIME_THRESHOLD_MS
}

/**
 * What one run's total blocking time was made of: Lighthouse's long tasks (the `long-tasks`
 * audit, in the simulated timeline), each counted by blockingTimeOf and summed by the script
 * Lighthouse attributes it to, largest first. A task with no script is the browser's own work
 * (committing the page, style, layout, paint, garbage collection, and any wait for a core:
 * docs/decisions/040; Lighthouse says `Unattributable`, `Browser` or `Browser GC`); one
 * attributed to the page's address is the document's (parsing the HTML, its inline scripts);
 * `_lighthouse-eval.js` is Lighthouse's own code run in the page. The metric is computed from
 * every task of the simulation, the audit lists at most 20, so the sum can differ from it (in
 * the 17 mobile runs of 2026-12-03, by 12 ms at most, but on contact 462 against 421); null
 * when the report has no timeline (a failed run).
 */
export function blockingBySource(lhr: Result): BlockingSource[] | null {
  const fcp = numeric(lhr, 'first-contentful-paint')
  const interactive = numeric(lhr, 'interactive')
  const audit = lhr.audits['long-tasks']
  if (fcp === null || interactive === null || !audit) return null
  const page = lhr.finalDisplayedUrl
  const sources = new Map<string, BlockingSource>()
  for (const item of (audit.details as Details | undefined)?.items ?? []) {
    const { url, startTime, duration } = item as { url?: unknown; startTime?: unknown; duration?: unknown }
    if (typeof startTime !== 'number' || typeof duration !== 'number') continue
    const blocking = blockingTimeOf({ startTime, duration }, fcp, interactive)
    if (blocking <= 0) continue
    const source = sourceName(typeof url === 'string' ? url : '', page)
    const entry = sources.get(source) ?? { source, ms: 0, tasks: 0 }
    entry.ms += blocking
    entry.tasks += 1
    sources.set(source, entry)
  }
  return [...sources.values()].sort((a, b) => b.ms - a.ms)
}

function sourceName(url: string, page: string): string {
  if (!url || url === 'Unattributable' || url.startsWith('Browser')) return 'the browser'
  if (url === page) return 'the document'
  if (url === '_lighthouse-eval.js') return "Lighthouse's own scripts"
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}

/** A trace event as Chromium writes it: `dur` and `tdur` (the thread's CPU time) in microseconds. */
export interface TraceEvent {
  name: string
  ph?: string
  pid?: number
  tid?: number
  ts: number
  dur?: number
  tdur?: number
  args?: { data?: { navigationId?: string } }
}

/** Chromium's top-level task events: what Lighthouse's simulation scales, one node each. */
const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/**
 * The renderer's task that commits the page's navigation (the top-level task around Blink's
 * `DocumentLoader::CommitNavigation`, the longest on the thread that painted between the
 * start of the navigation the first paint belongs to and that paint): its wall time and its
 * CPU time, in ms.
 * Lighthouse's simulation multiplies a task's wall time by the CPU slowdown, so time the
 * renderer spent waiting for a core counts as work: on a 2-core host this task's wall time
 * is up to five times its CPU time, and the simulated task it becomes ends after the first
 * paint, where its part after the paint is blocking time (docs/decisions/040).
 */
export function navigationCommit(events: TraceEvent[]): { wallMs: number; cpuMs: number | null } | null {
  // A trace lists each thread's events in the order they were flushed, not in time: by `ts`.
  const byTime = events.toSorted((a, b) => a.ts - b.ts)
  const paint = byTime.findLast((event) => event.name === 'firstContentfulPaint')
  const navigationId = paint?.args?.data?.navigationId
  if (!paint || !navigationId) return null
  const start = byTime.find((event) => event.name === 'navigationStart' && event.args?.data?.navigationId === navigationId)
  if (!start) return null
  const onThread = (event: TraceEvent) => event.ph === 'X' && event.pid === paint.pid && event.tid === paint.tid
  // The page's commit is the longest: the renderer also commits empty documents (their own
  // navigations, with no URL) in a fraction of a millisecond each, before and after it.
  const commit = byTime
    .filter((event) => event.name === 'DocumentLoader::CommitNavigation' && onThread(event) && event.ts >= start.ts && event.ts < paint.ts)
    .reduce<TraceEvent | undefined>((longest, event) => ((event.dur ?? 0) > (longest?.dur ?? -1) ? event : longest), undefined)
  if (commit?.dur === undefined) return null
  const commitEnd = commit.ts + commit.dur
  const task = byTime
    .filter(
      (event) => TOP_LEVEL_TASKS.has(event.name) && onThread(event) && event.ts <= commit.ts && event.ts + (event.dur ?? 0) >= commitEnd,
    )
    .reduce<TraceEvent>((outer, event) => ((event.dur ?? 0) > (outer.dur ?? 0) ? event : outer), commit)
  return { wallMs: (task.dur ?? 0) / 1000, cpuMs: task.tdur === undefined ? null : task.tdur / 1000 }
}
