/**
 * What the site checks before it does anything costly for
 * a call that changes state (or searches). Per client (by TRUST_PROXY, visitor.server.ts):
 * rate limits and the upload quota, answered 429 with Retry-After. On public forms, a
 * honeypot field and a minimum fill time, measured from a signed stamp the form fetched
 * when it became interactive (not rendered into the HTML: a cached page's stamp would be
 * hours old). A bot is answered as if accepted; its submission is dropped and counted.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { createClient } from '@libsql/client'
import { siteConfig } from '../../config/site'
import { abuseConfig } from '../config.server'
import { createMemoryStore, createSqlStore, isSharedDatabaseUrl, type Limit, type RateLimitStore } from '../../lib/rate-limit'
import { env } from '../env.server'
import { sharesState, siteDatabase } from '../db/site-db.server'
import { requestClient } from './visitor.server'

export type LimitedAction = keyof typeof abuseConfig.rateLimits

let store: RateLimitStore | undefined

/**
 * Memory for one process; the shared database when there is one (DATABASE_URL: the site's
 * PostgreSQL; else a libSQL server as CMS_DATABASE_URL), so N processes together allow what
 * one does.
 */
function limits(): RateLimitStore {
  return (store ??= sharesState()
    ? sharedLimits()
    : isSharedDatabaseUrl(env.CMS_DATABASE_URL)
      ? createSqlStore(createClient({ url: env.CMS_DATABASE_URL }))
      : createMemoryStore(abuseConfig.memoryKeys))
}

/**
 * The limits in the site's PostgreSQL. While it cannot be reached, this process counts in
 * memory instead (each process then allows the limit on its own) and says so at most once
 * a minute: a database outage must not refuse every enquiry.
 */
function sharedLimits(): RateLimitStore {
  let shared: Promise<RateLimitStore> | undefined
  const fallback = createMemoryStore(abuseConfig.memoryKeys)
  let warnedAt = 0
  return {
    async take(key, limit, cost) {
      try {
        shared ??= siteDatabase().then((database) => createSqlStore(database, Date.now, 'postgres'))
        return await (await shared).take(key, limit, cost)
      } catch (error) {
        shared = undefined
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now()
          console.error(
            `[abuse] the shared rate limits are unavailable, counting in this process: ${error instanceof Error ? error.message : String(error)}`,
          )
        }
        return fallback.take(key, limit, cost)
      }
    },
  }
}

const scaled = (limit: Limit): Limit => ({ count: Math.round(limit.count * env.RATE_LIMIT_FACTOR), windowMs: limit.windowMs })

/** What a refused call answers: 429 with Retry-After (the caller adds the visitor's message). */
export interface Refusal {
  retryAfterSeconds: number
}

async function take(key: string, limit: Limit, cost: number): Promise<Refusal | null> {
  const decision = await limits().take(key, limit, cost)
  return decision.allowed ? null : { retryAfterSeconds: decision.retryAfterSeconds }
}

/** In a server function: the refusal becomes the response's 429 and Retry-After. */
function refuse(refusal: Refusal | null): Refusal | null {
  if (refusal) {
    setResponseStatus(429)
    setResponseHeader('retry-after', String(refusal.retryAfterSeconds))
  }
  return refusal
}

/** Counts one `action` for a client address (the server entry, which has no Start event yet). */
export function limitAddress(action: LimitedAction, ip: string): Promise<Refusal | null> {
  return take(`${action}:${ip || 'unknown'}`, scaled(abuseConfig.rateLimits[action]), 1)
}

/** Counts one `action` for this client; over the limit, sets 429 and Retry-After and returns the refusal. */
export async function rateLimit(action: LimitedAction): Promise<Refusal | null> {
  return refuse(await limitAddress(action, requestClient().ip))
}

/** Uses `bytes` of this client's hourly upload quota; over it, 429 as rateLimit does. */
export async function uploadQuota(bytes: number): Promise<Refusal | null> {
  if (bytes <= 0) return null
  const limit = { count: abuseConfig.uploadBytesPerHour * env.RATE_LIMIT_FACTOR, windowMs: 60 * 60_000 }
  return refuse(await take(`upload-bytes:${requestClient().ip || 'unknown'}`, limit, bytes))
}

/* ---------------------------------------------------------------- bots */

/**
 * The key that signs form stamps. Unset FORM_SECRET: derived from a secret the deployment
 * already shares between its processes (REVALIDATE_SECRET, else PREVIEW_SECRET), else a
 * key of this process alone — then a stamp from before a restart, or from another
 * instance, reads as a bot's, so the server says so once at start.
 */
function stampKeyOf(): string {
  if (env.FORM_SECRET) return env.FORM_SECRET
  const shared = env.REVALIDATE_SECRET ?? env.PREVIEW_SECRET
  if (shared) return createHmac('sha256', shared).update('form-stamp-key').digest('hex')
  if (import.meta.env.PROD) {
    console.warn(
      '[abuse] FORM_SECRET is not set: form stamps are signed with a key of this process; set it when several processes serve the site',
    )
  }
  return randomBytes(32).toString('hex')
}
const stampKey = stampKeyOf()
const sign = (issuedAt: string) => createHmac('sha256', stampKey).update(`form-stamp:${issuedAt}`).digest('base64url')

/** A stamp for a form shown now: the time, signed. */
export function issueStamp(now = Date.now()): string {
  return `${now}.${sign(String(now))}`
}

export type BotSign = 'honeypot' | 'too-fast' | 'bad-stamp'

/** Why a public form's submission is a bot's, or null for a person's. */
export function botSign(stamp: unknown, honeypot: unknown, now = Date.now()): BotSign | null {
  if (typeof honeypot === 'string' && honeypot !== '') return 'honeypot'
  const match = typeof stamp === 'string' ? /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(stamp) : null
  if (!match) return 'bad-stamp'
  const [, issuedAt = '', signature = ''] = match
  const expected = Buffer.from(sign(issuedAt))
  if (!timingSafeEqual(Buffer.from(signature), expected)) return 'bad-stamp'
  const age = now - Number(issuedAt)
  if (age > siteConfig.forms.stampMaxAgeMs + 60_000 || age < -60_000) return 'bad-stamp'
  return age < siteConfig.forms.minFillMs ? 'too-fast' : null
}

const dropped: Record<BotSign, number> = { honeypot: 0, 'too-fast': 0, 'bad-stamp': 0 }
let loggedAt = 0
/** How often the drop count is written to the log at most: a bot flood must not flood the log. */
const LOG_EVERY_MS = 60_000

/** Counts a dropped bot submission; the log gets the totals at most once a minute. */
export function countDroppedBot(form: string, sign: BotSign, now = Date.now()): void {
  dropped[sign] += 1
  if (now - loggedAt < LOG_EVERY_MS) return
  loggedAt = now
  console.info(
    `[abuse] dropped a bot's ${form} submission (${sign}); since start: ${Object.entries(dropped)
      .map(([reason, count]) => `${reason} ${count}`)
      .join(', ')}`,
  )
}
