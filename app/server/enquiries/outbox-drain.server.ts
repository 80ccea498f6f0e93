/**
 * `POST /api/outbox/drain` (docs/content-api.md, docs/decisions/034-platform-cdn-lifetimes.md):
 * one pass of the outbox worker now, answered with what it did. Netlify's scheduled function
 * and Vercel's cron job call it every minute (app/server/platform/schedules.ts), since an
 * instance of the site's function lives only while it answers requests; any scheduler can
 * call it in front of a Node server too.
 *
 * Signed like the revalidation webhook: `Authorization: Bearer {OUTBOX_DRAIN_SECRET}`, or
 * REVALIDATE_SECRET when that is unset (one secret fewer to set; either can only make the
 * site send what already waits). On Vercel, CRON_SECRET too, and GET as well as POST: that
 * is how Vercel's cron jobs call a path. Never cached, never rate limited (a scheduler calls
 * it from one address, and a pass sends only what is due).
 */
import { FastResponse } from 'srvx'
import { env } from '../env.server'
import { bearerMatches } from '../http/bearer.server'
import { deployPlatform } from '../platform/platform-env.server'
import { runOutboxPass } from './submissions.server'

const methods = deployPlatform === 'vercel' ? ['POST', 'GET'] : ['POST']

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new FastResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra },
  })
}

/** The secrets a drain may be signed with on this build. */
const drainSecrets = () => [env.OUTBOX_DRAIN_SECRET ?? env.REVALIDATE_SECRET, deployPlatform === 'vercel' ? env.CRON_SECRET : undefined]

export async function handleOutboxDrain(request: Request): Promise<Response> {
  if (!methods.includes(request.method)) {
    await request.body?.cancel()
    return json(405, { error: `Use ${methods.join(' or ')}.` }, { allow: methods.join(', ') })
  }
  await request.body?.cancel()
  if (!bearerMatches(request, drainSecrets())) {
    return json(401, { error: 'Missing or wrong outbox drain secret.' }, { 'www-authenticate': 'Bearer' })
  }
  try {
    // What this pass tried: sent, refused by the backend (kept for an operator), still waiting. The worker logs each.
    const { delivered, rejected, waiting } = await runOutboxPass()
    return json(200, { delivered, rejected, waiting })
  } catch (error) {
    console.error(`[outbox] drain failed: ${error instanceof Error ? error.message : String(error)}`)
    return json(503, { error: 'The outbox could not be read; the next call tries again.' })
  }
}
