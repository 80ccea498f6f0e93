/**
 * No lost enquiries (docs/decisions/011-submission-outbox.md): the one road from the
 * submission server functions to the backend. Each call runs once per idempotency key
 * (idempotency.server.ts) and carries the key to the backend; when the backend cannot
 * take it (network error, timeout, 5xx), the submission is kept in the outbox with its
 * files and the visitor is told it was received; the worker sends it later.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { getContentSource } from '../content/get-content-source.server'
import type { SubmissionInput, SubmissionOutcome, UserOutcome, UserRequest } from '../content/content-source.server'
import { env } from '../env.server'
import { createFormDefinitions } from './form-definitions.server'
import { createIdempotency, IDEMPOTENCY_KEY } from './idempotency.server'
import { createLogSummary } from '../http/log-summary.server'
import { createOutbox } from './outbox.server'
import { createOutboxWorker } from './outbox-worker.server'
import { siteDatabase } from '../db/site-db.server'

/** One line for the first submission kept in an outage, then one counted line per 10 s. */
const keptLog = createLogSummary((line) => console.info(line), {
  first: (detail) => `[outbox] the backend is unavailable; ${detail} kept, to be sent when it answers`,
  more: (count, first, last) => `[outbox] ${count} more kept while the backend is unavailable (${first} … ${last})`,
})
const logError = (error: unknown) => console.error(`[submissions] ${error instanceof Error ? error.message : String(error)}`)

export const outbox = createOutbox({ database: siteDatabase, fileDir: path.resolve(env.SITE_OUTBOX_DIR) })
const idempotency = createIdempotency({ database: siteDatabase })
export const formDefinitions = createFormDefinitions({ content: getContentSource, database: siteDatabase, onError: logError })
const worker = createOutboxWorker({ outbox, content: getContentSource })

/** Set when the process shuts down: a submission handled meanwhile does not start the worker again. */
let workerStopped = false

/** Starts the outbox worker of this server process (once; the server entry calls it at start-up). */
export function startOutboxWorker(): void {
  if (workerStopped) return
  worker.start()
  // What waited across a restart goes out now rather than a poll later.
  void worker.tick()
}

/**
 * Stops the outbox worker when the process shuts down (docs/decisions/033-server-lifecycle.md):
 * no new pass starts, and the one running finishes what it claimed. A submission kept
 * meanwhile waits in the outbox for the next process.
 */
export function stopOutboxWorker(): Promise<void> {
  workerStopped = true
  return worker.stop()
}

/** One pass of the worker now (tests; `npm run outbox retry` runs its own). */
export const runOutboxPass = () => worker.runOnce()

/** The browser's key when it is well formed; else one of our own (a hand-made request), so the backend still gets one. */
export function idempotencyKeyOf(sent: unknown): string {
  return typeof sent === 'string' && IDEMPOTENCY_KEY.test(sent) ? sent : randomUUID()
}

export type SendOutcome = SubmissionOutcome | { kind: 'queued' }

/** A form submission: sent, or kept in the outbox when the backend cannot take it. Once per key. */
export function sendSubmission(input: SubmissionInput & { idempotencyKey: string }): Promise<SendOutcome> {
  startOutboxWorker()
  return idempotency.once<SendOutcome>(
    `form:${input.formId}`,
    input.idempotencyKey,
    async () => {
      const outcome = await getContentSource().submitForm(input)
      // 409: another request with this key is still being handled there (another server process); the worker asks again.
      const later = outcome.kind === 'unavailable' || (outcome.kind === 'rejected' && outcome.status === 409)
      if (!later) return outcome
      const { formId, locale, idempotencyKey, entries, visitorIp, sourceUrl } = input
      const id = await outbox
        .enqueue(
          { kind: 'form', target: formId, locale, idempotencyKey, payload: { entries, visitorIp, sourceUrl } },
          outcome.kind === 'rejected' ? `${outcome.status}: ${outcome.message}` : (outcome.detail ?? 'unavailable'),
        )
        .catch((error: unknown) => {
          logError(error)
          return null
        })
      if (id === null) {
        console.error(
          `[outbox] form ${formId}: the backend is unavailable and the outbox cannot keep more; the visitor was asked to try again`,
        )
        return outcome
      }
      keptLog.add(`#${id} (form ${formId})`)
      return { kind: 'queued' }
    },
    (outcome) => outcome.kind === 'valid' || outcome.kind === 'queued',
  )
}

export type AccountSendOutcome = UserOutcome | { queued: true }

/**
 * An account call. Register and forgot are safe to retry (the key makes a retry the same
 * call), so they run once per key; a forgot request the backend could not take waits in
 * the outbox like an enquiry. A registration does not: it would keep the visitor's
 * password at rest, so the visitor is asked to try again. Login and reset-password go
 * straight through, once.
 */
export function sendAccountRequest(request: UserRequest, idempotencyKey: string): Promise<AccountSendOutcome> {
  const { action } = request
  if (action !== 'register' && action !== 'forgot') return getContentSource().userRequest(request)
  startOutboxWorker()
  return idempotency.once<AccountSendOutcome>(
    `account:${action}`,
    idempotencyKey,
    async () => {
      const outcome = await getContentSource().userRequest({ ...request, idempotencyKey })
      if (outcome.ok || outcome.status !== 0 || action === 'register') return outcome
      const { locale, fields, query, visitorIp } = request
      const id = await outbox
        .enqueue({ kind: 'account', target: action, locale, idempotencyKey, payload: { fields, query, visitorIp } }, 'unavailable')
        .catch((error: unknown) => {
          logError(error)
          return null
        })
      if (id === null) return outcome
      keptLog.add(`#${id} (account ${action})`)
      return { queued: true }
    },
    (outcome) => 'queued' in outcome || outcome.ok,
  )
}
