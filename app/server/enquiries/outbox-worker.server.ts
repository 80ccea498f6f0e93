/**
 * The outbox's worker (docs/decisions/011-submission-outbox.md): runs in the server
 * process, takes the submissions that are due and sends each again with its idempotency
 * key, so a retry whose first try did arrive still makes one entry. The backend accepts
 * (the submission is deleted with its files), rejects (a 4xx: kept for an operator and
 * logged), or still cannot take it (the next retry waits longer: outbox.server.ts).
 */
import { outboxConfig } from '../config.server'
import type { ContentSource } from '../content/content-source.server'
import { createLogSummary } from '../http/log-summary.server'
import type { Outbox, OutboxItem } from './outbox.server'

export type Delivery = { kind: 'delivered' } | { kind: 'rejected'; reason: string } | { kind: 'unavailable'; reason: string }

/** A 4xx that says "later", not "no": a rate limit, or the same key still being handled. */
const TRANSIENT = new Set([409, 429])

/** One try at sending a kept submission, as the backend answered it. */
async function deliver(content: ContentSource, item: OutboxItem): Promise<Delivery> {
  if (item.kind === 'form') {
    const outcome = await content.submitForm({
      formId: item.target,
      locale: item.locale,
      entries: item.payload.entries,
      visitorIp: item.payload.visitorIp,
      sourceUrl: item.payload.sourceUrl,
      idempotencyKey: item.idempotencyKey,
    })
    switch (outcome.kind) {
      case 'valid':
        return { kind: 'delivered' }
      case 'invalid':
        return { kind: 'rejected', reason: `400 validation: ${JSON.stringify(outcome.messages)}` }
      case 'rejected':
        return TRANSIENT.has(outcome.status)
          ? { kind: 'unavailable', reason: `${outcome.status}: ${outcome.message}` }
          : { kind: 'rejected', reason: `${outcome.status}: ${outcome.message}` }
      case 'unavailable':
        return { kind: 'unavailable', reason: outcome.detail ?? 'the backend could not be reached' }
    }
  }
  const outcome = await content.userRequest({
    action: item.target,
    locale: item.locale,
    fields: item.payload.fields,
    query: item.payload.query,
    visitorIp: item.payload.visitorIp,
    idempotencyKey: item.idempotencyKey,
  })
  if (outcome.ok) return { kind: 'delivered' }
  if (outcome.status === 0 || TRANSIENT.has(outcome.status)) {
    return {
      kind: 'unavailable',
      reason: outcome.status === 0 ? 'the backend could not be reached' : `${outcome.status}: ${outcome.message}`,
    }
  }
  return { kind: 'rejected', reason: `${outcome.status}: ${outcome.message}` }
}

export interface OutboxWorkerOptions {
  outbox: Outbox
  content: () => ContentSource
  pollMs?: number
}

const describe = (item: OutboxItem) => `#${item.id} (${item.kind} ${item.target})`

export function createOutboxWorker(options: OutboxWorkerOptions) {
  const deliveredLog = createLogSummary((line) => console.info(line), {
    first: (detail) => `[outbox] ${detail} delivered`,
    more: (count, first, last) => `[outbox] ${count} more delivered (${first} … ${last})`,
  })
  let timer: ReturnType<typeof setInterval> | undefined
  let pass: Promise<unknown> | undefined

  /** One pass: every due submission is tried once. */
  async function runOnce(): Promise<{ delivered: number; rejected: number; waiting: number }> {
    const counts = { delivered: 0, rejected: 0, waiting: 0 }
    for (;;) {
      const items = await options.outbox.claimDue(outboxConfig.batchSize)
      if (items.length === 0) return counts
      for (const item of items) {
        let result: Delivery
        try {
          result = await deliver(options.content(), item)
        } catch (error) {
          result = { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) }
        }
        if (result.kind === 'delivered') {
          await options.outbox.delivered(item.id)
          counts.delivered++
          deliveredLog.add(`${describe(item)} after ${item.attempts + 1} attempts`)
        } else if (result.kind === 'rejected') {
          await options.outbox.rejected(item.id, result.reason)
          counts.rejected++
          console.error(
            `[outbox] ${describe(item)} rejected by the backend (${result.reason.slice(0, 300)}); kept for an operator: npm run outbox list`,
          )
        } else {
          await options.outbox.failed(item.id, result.reason)
          counts.waiting++
        }
      }
    }
  }

  /** Runs a pass unless one is running; a failing database is logged, and the next tick tries again. */
  function tick(): Promise<unknown> {
    pass ??= runOnce()
      .catch((error: unknown) =>
        console.error(`[outbox] a delivery pass failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        pass = undefined
      })
    return pass
  }

  return {
    runOnce,
    tick,
    start() {
      if (timer) return
      timer = setInterval(() => void tick(), options.pollMs ?? outboxConfig.pollMs)
      // The worker never keeps a process alive on its own (a script, a test).
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await pass
    },
  }
}
