/**
 * Netlify's scheduled function for the outbox (docs/deploy.md, Netlify;
 * docs/decisions/034-platform-cdn-lifetimes.md). `npm run build:netlify` copies this file to
 * `.netlify/v1/functions/outbox-drain.mts` (scripts/deploy/platform-output.ts), where Netlify
 * bundles it and runs it on its schedule. It asks the site for one pass of its outbox worker
 * (`POST /api/outbox/drain`, app/server/enquiries/outbox-drain.server.ts), so an enquiry kept
 * while the backend was down is sent even when no visitor keeps an instance of the site's
 * function alive.
 *
 * Self-contained (no imports): Netlify bundles it from where it is copied to. The path and the
 * schedule are app/server/platform/schedules.ts's: the copy gets that schedule, and the build
 * refuses a source that calls another path.
 */

/** What Netlify hands a function besides the request (the part used here). */
interface FunctionContext {
  site?: { url?: string }
}

const DRAIN_PATH = '/api/outbox/drain'
/** Netlify's own limit for a scheduled function is 30 s. */
const TIMEOUT_MS = 25_000

export default async function drainOutbox(_request: Request, context: FunctionContext = {}): Promise<Response> {
  // The site's main address (Netlify's), else the one the operator set.
  const origin = context.site?.url || process.env.URL || process.env.SITE_URL
  const secret = process.env.OUTBOX_DRAIN_SECRET || process.env.REVALIDATE_SECRET
  if (!origin || !secret) {
    console.error('[outbox-drain] not called: set OUTBOX_DRAIN_SECRET (or REVALIDATE_SECRET) and SITE_URL (docs/deploy.md)')
    return new Response(null, { status: 500 })
  }
  try {
    const response = await fetch(new URL(DRAIN_PATH, origin), {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const body = await response.text()
    if (!response.ok) console.error(`[outbox-drain] ${DRAIN_PATH} answered ${response.status}: ${body.slice(0, 300)}`)
    return new Response(body, { status: response.status, headers: { 'content-type': 'application/json' } })
  } catch (error) {
    console.error(`[outbox-drain] ${DRAIN_PATH} could not be reached: ${error instanceof Error ? error.message : String(error)}`)
    return new Response(null, { status: 502 })
  }
}

// Replaced by app/server/platform/schedules.ts's schedule in the copy Netlify reads.
export const config = { schedule: '* * * * *' }
