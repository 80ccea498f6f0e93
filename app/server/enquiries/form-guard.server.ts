/**
 * The checks at the top of each form, account and comment server function,
 * before any costly work (a backend call, a password hash, a file written): the
 * client's rate limit, its upload quota, and on public forms the honeypot and the
 * minimum fill time. Each returns what the server function answers instead, or null to
 * go on.
 */
import { type Locale, siteConfig } from '../../config/site'
import { m } from '../../paraglide/messages'
import { botSign, countDroppedBot, rateLimit, uploadQuota } from '../http/abuse.server'

/** Which public account forms a bot is dropped from (login and reset are only rate limited: a fake success there helps nobody). */
const BOT_CHECKED = new Set(['register', 'recover'])

const limitFor = { login: 'login', register: 'register', recover: 'forgot', reset: 'reset' } as const

type Refused = { status: 'error'; message: string }

const tooMany = (locale: Locale): Refused => ({ status: 'error', message: m.form_error_too_many({}, { locale }) })

/** A standard form's submission, once its meta fields are read: the client's limit, before the definition is loaded. */
export async function limitSubmission(locale: Locale): Promise<Refused | null> {
  return (await rateLimit('submission')) ? tooMany(locale) : null
}

/**
 * A well-formed, valid submission about to be sent on: a bot's is answered as accepted
 * and dropped (a malformed one still gets its 4xx, so a hand-made request learns nothing
 * new), and the files count against the client's upload quota.
 */
export async function screenSubmission(
  data: FormData,
  locale: Locale,
): Promise<Refused | { status: 'success'; confirmationHtml: string } | null> {
  const bot = botSign(data.get('_stamp'), data.get(siteConfig.forms.honeypotName))
  if (bot) {
    countDroppedBot('form', bot)
    return { status: 'success', confirmationHtml: `<p>${m.form_accepted({}, { locale })}</p>` }
  }
  let bytes = 0
  for (const [, value] of data.entries()) if (typeof value !== 'string') bytes += value.size
  if (await uploadQuota(bytes)) return { status: 'error', message: m.form_error_upload_quota({}, { locale }) }
  return null
}

/** An account form, once its type is known from the backend's definition. */
export async function guardAccount(
  type: 'login' | 'register' | 'recover' | 'reset',
  locale: Locale,
  input: { stamp?: string; honeypot?: string },
): Promise<Refused | { status: 'success'; message: string; redirectTo: string | null } | null> {
  if (await rateLimit(limitFor[type])) return tooMany(locale)
  if (!BOT_CHECKED.has(type)) return null
  const bot = botSign(input.stamp, input.honeypot)
  if (!bot) return null
  countDroppedBot(type, bot)
  return { status: 'success', message: m.form_accepted({}, { locale }), redirectTo: null }
}

/** An article comment: limit, then bot (answered as a comment held for moderation). */
export async function guardComment(input: {
  stamp?: string
  honeypot?: string
}): Promise<{ ok: true } | { ok: false; reason: 'flood' } | null> {
  if (await rateLimit('comment')) return { ok: false, reason: 'flood' }
  const bot = botSign(input.stamp, input.honeypot)
  if (!bot) return null
  countDroppedBot('comment', bot)
  return { ok: true }
}
