/**
 * What a load balancer or a supervisor asks the Node server (docs/deploy.md, Node server;
 * docs/decisions/033-server-lifecycle.md):
 * - `GET /healthz`: is the process alive? 200 `{"status":"ok"}` whenever it answers at all;
 * - `GET /readyz`: should it get traffic? 200 when every check passes, else 503 with
 *   `failed` naming the checks that did not (and `stopping` once it was told to stop).
 *
 * The checks come from the rooms that know (the server entry hands them over): the door
 * imports no other room. Answered first in the door, so neither is ever rate-limited nor
 * kept by the HTML cache; `no-store` keeps every other cache from keeping them. HEAD
 * answers the same status without a body.
 */
import { FastResponse } from 'srvx'
import { lifecycleConfig } from '../config.server'
import { stopping } from './shutdown.server'

/** One readiness check: true when it passes; a check that throws or takes too long fails. */
export type ReadinessChecks = Record<string, () => boolean | Promise<boolean>>

type Outcome = 'ok' | 'failing' | 'timed out' | 'stopping'

async function outcomeOf(check: () => boolean | Promise<boolean>): Promise<Outcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), lifecycleConfig.checkTimeoutMs)
  })
  const answer = Promise.resolve()
    .then(check)
    .then(
      (passed): Outcome => (passed ? 'ok' : 'failing'),
      (): Outcome => 'failing',
    )
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

function json(request: Request, status: number, body: unknown): Response {
  return new FastResponse(request.method === 'HEAD' ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  })
}

/** The answer to `/healthz` or `/readyz` (GET or HEAD); null for anything else. */
export async function answerHealth(request: Request, url: URL, checks: ReadinessChecks): Promise<Response | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  if (url.pathname === '/healthz') return json(request, 200, { status: 'ok' })
  if (url.pathname !== '/readyz') return null
  const names = Object.keys(checks)
  const outcomes = await Promise.all(names.map((name) => outcomeOf(checks[name]!)))
  const report: Record<string, Outcome> = Object.fromEntries(names.map((name, i) => [name, outcomes[i]!]))
  if (stopping()) report.process = 'stopping'
  const failed = Object.keys(report).filter((name) => report[name] !== 'ok')
  return failed.length === 0
    ? json(request, 200, { status: 'ok', checks: report })
    : json(request, 503, { status: 'unavailable', failed, checks: report })
}
