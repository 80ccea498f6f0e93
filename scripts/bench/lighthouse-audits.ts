/**
 * What the Lighthouse bench (lighthouse.ts) reads from one Lighthouse report: the
 * numbers, the biggest layout shifts with their causes, the bytes by resource type, and
 * the image audits that failed.
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
