/**
 * Accounts for the embedded CMS (requirements §7 `/api/user/*`): register, log in with a session
 * token, who am I, log out, forgot password (a one-hour reset link by mail), reset
 * password. Bodies may be JSON, form-encoded or multipart; every answer is JSON with a
 * `message` for the visitor, errors in WordPress's REST error shape.
 */
import type { Client } from '@libsql/client'
import type { z } from 'zod'
import type { wireUserResponse } from '../app/contract/wire-forms'
import { cmsConfig } from './config'
import { loggableError } from '../app/lib/log-redaction'
import { clientIp, errorBody, json, readLimitedBody } from './http'
import type { Mailer } from './mail'
import { message } from './messages'
import type { RateLimitStore } from '../app/lib/rate-limit'
import { hashPassword, needsRehash, newToken, sha256, verifyPassword } from './passwords'

const limits = cmsConfig.accounts
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

type UserAnswer = z.input<typeof wireUserResponse>

export interface AccountDeps {
  database: () => Promise<Client>
  mailer?: Mailer
  /** Per address (and email): shared by every process when the database is a server (app/lib/rate-limit.ts). */
  limiter: RateLimitStore
  /** Origins a reset link may point at, besides loopback and the locale's host_url (SITE_URL). */
  siteOrigins: readonly string[]
  /** Requirements §9: the reset mail's subject when the request sends none. */
  defaultSubject: string
  now?: () => Date
}

export interface AccountRequest {
  request: Request
  url: URL
  locale: string
  /** The site's own origin from its options (host_url). */
  hostUrl: string
}

class BadBody extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

function fail(code: string, text: string, status: number): Response {
  return json(errorBody(code, text, status), status)
}

/** The body's string fields, from JSON, form-encoding or multipart (files are ignored). */
async function readFields(request: Request): Promise<Record<string, string>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  const body = await readLimitedBody(request, limits.maxRequestBytes).catch(() => {
    throw new BadBody('The request body could not be read.', 400)
  })
  if (body === null) throw new BadBody('The request body is too large.', 413)
  const fields: Record<string, string> = {}
  if (type.startsWith('application/json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(new TextDecoder().decode(body))
    } catch {
      throw new BadBody('The request body is not valid JSON.', 400)
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new BadBody('The request body must be a JSON object.', 400)
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') fields[key] = value
    return fields
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    let data: FormData
    try {
      data = await new Response(body, { headers: { 'content-type': type } }).formData()
    } catch {
      throw new BadBody('The request body is not valid form data.', 400)
    }
    for (const [key, value] of data.entries()) if (typeof value === 'string') fields[key] = value
    return fields
  }
  if (body.length === 0) return fields
  throw new BadBody('Send the fields as application/json, application/x-www-form-urlencoded or multipart/form-data.', 415)
}

const field = (fields: Record<string, string>, ...names: string[]) =>
  names.map((name) => fields[name]?.trim() ?? '').find((value) => value !== '') ?? ''

function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,500})$/i.exec(request.headers.get('authorization')?.trim() ?? '')
  return match?.[1] ?? null
}

function passwordProblem(locale: string, password: string): string | null {
  if (password.length < limits.minPasswordLength) return message(locale, 'passwordShort', { min: limits.minPasswordLength })
  if (password.length > limits.maxPasswordLength) return message(locale, 'passwordLong', { max: limits.maxPasswordLength })
  return null
}

export function createAccounts(deps: AccountDeps) {
  const now = deps.now ?? (() => new Date())
  // Compared against when the email is unknown, so both failures take as long.
  let decoy: Promise<string> | undefined

  /** Reads the body and answers a BadBody as its status; other errors go to the caller. */
  async function withFields(request: Request, answer: (fields: Record<string, string>) => Promise<Response>): Promise<Response> {
    let fields: Record<string, string>
    try {
      fields = await readFields(request)
    } catch (error) {
      if (!(error instanceof BadBody)) throw error
      const code = { 413: 'rest_request_too_large', 415: 'rest_unsupported_media_type' }[error.status] ?? 'rest_invalid_body'
      return fail(code, error.message, error.status)
    }
    return answer(fields)
  }

  /** Writes a mail to the outbox and hands it to the mailer, not awaited: the answer must not wait for (or differ by) it. */
  async function sendMail(db: Client, to: string, subject: string, text: string): Promise<void> {
    const stored = await db.execute({
      sql: 'INSERT INTO outbox (to_address, subject, body) VALUES (?, ?, ?) RETURNING id',
      args: [to, subject, text],
    })
    const outboxId = Number(stored.rows[0]?.id)
    deps.mailer
      ?.send({ to, subject, text })
      .then(({ delivered }) =>
        delivered
          ? db.execute({ sql: 'UPDATE outbox SET sent_at = ? WHERE id = ?', args: [new Date().toISOString(), outboxId] })
          : undefined,
      )
      .catch((error: unknown) => console.error('[cms] mail', error instanceof Error ? error.message : error))
  }

  /**
   * Limited per address before anything costly (the hash), and answered the
   * same whether or not the email has an account, so the form cannot tell who has one;
   * the existing account's owner gets a mail saying so instead.
   */
  async function register({ request, locale }: AccountRequest): Promise<Response> {
    if (!(await deps.limiter.take(`register:${clientIp(request) ?? '-'}`, limits.registerLimit)).allowed) {
      return fail('too_many_requests', message(locale, 'tooMany'), 429)
    }
    return withFields(request, async (fields) => {
      const name = field(fields, 'name', 'username')
      const email = field(fields, 'email').toLowerCase()
      const password = fields.password ?? ''
      if (name === '' || name.length > limits.maxNameLength) return fail('rest_invalid_param', message(locale, 'nameRequired'), 400)
      if (!EMAIL.test(email) || email.length > limits.maxEmailLength) return fail('rest_invalid_param', message(locale, 'email'), 400)
      const problem = passwordProblem(locale, password)
      if (problem) return fail('rest_invalid_param', problem, 400)
      if (fields.passwordRepeat !== undefined && fields.passwordRepeat !== password) {
        return fail('rest_invalid_param', message(locale, 'passwordsMismatch'), 400)
      }
      const db = await deps.database()
      // Hashed either way, so an existing email does not answer sooner.
      const hash = await hashPassword(password)
      const inserted = await db.execute({
        sql: 'INSERT INTO users (email, name, password_hash) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING id',
        args: [email, name, hash],
      })
      if (inserted.rows.length === 0) {
        const owner = (await db.execute({ sql: 'SELECT name, email FROM users WHERE email = ?', args: [email] })).rows[0]
        // One notice an hour per account: the form must not become a way to flood someone's inbox.
        if (owner && (await deps.limiter.take(`register-notice:${email}`, limits.registerNoticeLimit)).allowed) {
          await sendMail(
            db,
            String(owner.email),
            deps.defaultSubject,
            message(locale, 'registerExistingMail', { name: String(owner.name) }),
          )
        }
      }
      const answer: UserAnswer = { message: message(locale, 'registered') }
      return json(answer)
    })
  }

  async function login({ request, locale }: AccountRequest): Promise<Response> {
    return withFields(request, async (fields) => {
      const email = field(fields, 'email', 'username').toLowerCase()
      const password = fields.password ?? ''
      if (!(await deps.limiter.take(`login:${clientIp(request) ?? '-'}:${email}`, limits.loginLimit)).allowed) {
        return fail('too_many_requests', message(locale, 'tooMany'), 429)
      }
      const db = await deps.database()
      const found =
        email === ''
          ? undefined
          : (await db.execute({ sql: 'SELECT id, name, email, password_hash FROM users WHERE email = ?', args: [email] })).rows[0]
      const hash = found ? String(found.password_hash) : await (decoy ??= hashPassword('decoy password'))
      const matches = password.length <= limits.maxPasswordLength && (await verifyPassword(password, hash))
      if (!found || !matches) return fail('invalid_credentials', message(locale, 'loginFailed'), 401)
      // A hash made at an older cost is replaced now, while the password is at hand.
      if (needsRehash(hash)) {
        await db.execute({ sql: 'UPDATE users SET password_hash = ? WHERE id = ?', args: [await hashPassword(password), Number(found.id)] })
      }
      const { token, hash: tokenHash } = newToken()
      const time = now()
      await db.batch(
        [
          { sql: 'DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?', args: [Number(found.id), time.toISOString()] },
          {
            sql: 'INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
            args: [tokenHash, Number(found.id), new Date(time.getTime() + limits.sessionMs).toISOString()],
          },
        ],
        'write',
      )
      const answer: UserAnswer = {
        message: message(locale, 'loggedIn'),
        token,
        user: { id: Number(found.id), name: String(found.name), email: String(found.email) },
      }
      return json(answer)
    })
  }

  async function me({ request, locale }: AccountRequest): Promise<Response> {
    const token = bearerToken(request)
    const db = await deps.database()
    const found = token
      ? (
          await db.execute({
            sql: 'SELECT users.id, users.name, users.email FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ? AND sessions.expires_at > ?',
            args: [sha256(token), now().toISOString()],
          })
        ).rows[0]
      : undefined
    if (!found) return fail('not_logged_in', message(locale, 'notLoggedIn'), 401)
    const answer: UserAnswer = {
      message: message(locale, 'signedIn'),
      user: { id: Number(found.id), name: String(found.name), email: String(found.email) },
    }
    return json(answer)
  }

  async function logout({ request, locale }: AccountRequest): Promise<Response> {
    const token = bearerToken(request)
    if (token) await (await deps.database()).execute({ sql: 'DELETE FROM sessions WHERE token_hash = ?', args: [sha256(token)] })
    const answer: UserAnswer = { message: message(locale, 'loggedOut') }
    return json(answer)
  }

  /** Whether a reset link may point at this site address: loopback, the site's host_url, or SITE_URL. */
  function allowedSiteUrl(siteUrl: string, hostUrl: string): boolean {
    let parsed: URL
    try {
      parsed = new URL(siteUrl)
    } catch {
      return false
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
    if (LOOPBACK.has(parsed.hostname)) return true
    const origins = [hostUrl, ...deps.siteOrigins].flatMap((candidate) => {
      try {
        return [new URL(candidate).origin]
      } catch {
        return []
      }
    })
    return origins.includes(parsed.origin)
  }

  async function forgot({ request, locale, hostUrl }: AccountRequest): Promise<Response> {
    return withFields(request, async (fields) => {
      const email = field(fields, 'email', 'username').toLowerCase()
      const siteUrl = field(fields, 'nuxtURL')
      // The link carries the token: it may only point at this site, never where the request says.
      if (!allowedSiteUrl(siteUrl, hostUrl)) return fail('rest_invalid_param', message(locale, 'siteUrl'), 400)
      if (!EMAIL.test(email) || email.length > limits.maxEmailLength) return fail('rest_invalid_param', message(locale, 'email'), 400)
      if (!(await deps.limiter.take(`forgot:${clientIp(request) ?? '-'}:${email}`, limits.forgotLimit)).allowed) {
        return fail('too_many_requests', message(locale, 'tooMany'), 429)
      }
      const subject =
        field(fields, 'subject')
          .replace(/[\r\n]+/g, ' ')
          .slice(0, limits.maxSubjectLength) || deps.defaultSubject
      const db = await deps.database()
      const user = (await db.execute({ sql: 'SELECT id, name, email FROM users WHERE email = ?', args: [email] })).rows[0]
      if (user) {
        const { token, hash } = newToken()
        const time = now()
        const link = `${siteUrl.replace(/\/+$/, '')}/reset-password?userId=${Number(user.id)}&passToken=${token}`
        const text = message(locale, 'resetMail', { name: String(user.name), link })
        const results = await db.batch(
          [
            {
              sql: 'DELETE FROM reset_tokens WHERE user_id = ? AND (expires_at <= ? OR used_at IS NOT NULL)',
              args: [Number(user.id), time.toISOString()],
            },
            {
              sql: 'INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
              args: [hash, Number(user.id), new Date(time.getTime() + limits.resetLinkMs).toISOString()],
            },
            {
              sql: 'INSERT INTO outbox (to_address, subject, body) VALUES (?, ?, ?) RETURNING id',
              args: [String(user.email), subject, text],
            },
          ],
          'write',
        )
        const outboxId = Number(results[2]?.rows[0]?.id)
        // Not awaited: the answer must not take longer (or differ) because the account exists.
        deps.mailer
          ?.send({ to: String(user.email), subject, text })
          .then(({ delivered }) =>
            delivered
              ? db.execute({ sql: 'UPDATE outbox SET sent_at = ? WHERE id = ?', args: [new Date().toISOString(), outboxId] })
              : undefined,
          )
          .catch((error: unknown) => console.error('[cms] reset mail', loggableError(error)))
      }
      const answer: UserAnswer = { message: message(locale, 'forgotSent') }
      return json(answer)
    })
  }

  async function resetPassword({ request, url, locale }: AccountRequest): Promise<Response> {
    return withFields(request, async (fields) => {
      const userId = url.searchParams.get('userId') ?? fields.userId ?? ''
      const token = url.searchParams.get('passToken') ?? fields.passToken ?? ''
      const password = fields.password ?? ''
      // Requirements §5: checked first, so a typo does not use up the link.
      if (fields.passwordRepeat !== undefined && password !== fields.passwordRepeat)
        return fail('password_mismatch', message(locale, 'passwordsMismatch'), 400)
      const problem = passwordProblem(locale, password)
      if (problem) return fail('rest_invalid_param', problem, 400)
      if (!/^\d{1,15}$/.test(userId) || !/^[0-9a-f]{64}$/.test(token))
        return fail('invalid_reset_token', message(locale, 'resetInvalid'), 400)
      const db = await deps.database()
      const time = now().toISOString()
      // One write transaction: the token is used up (only if unused and unexpired), and only
      // then, by `changes()` of that statement, the password changes and sessions end.
      const results = await db.batch(
        [
          {
            sql: 'UPDATE reset_tokens SET used_at = ? WHERE token_hash = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?',
            args: [time, sha256(token), Number(userId), time],
          },
          {
            sql: 'UPDATE users SET password_hash = ? WHERE id = ? AND changes() = 1',
            args: [await hashPassword(password), Number(userId)],
          },
          { sql: 'DELETE FROM sessions WHERE user_id = ? AND changes() = 1', args: [Number(userId)] },
        ],
        'write',
      )
      if (results[0]?.rowsAffected !== 1 || results[1]?.rowsAffected !== 1)
        return fail('invalid_reset_token', message(locale, 'resetInvalid'), 400)
      const answer: UserAnswer = { message: message(locale, 'resetDone') }
      return json(answer)
    })
  }

  return { register, login, me, logout, forgot, resetPassword }
}

export type Accounts = ReturnType<typeof createAccounts>
