/**
 * Requirements §7: form submissions and the account calls, through server functions. The
 * browser never calls the backend (or a CDN trace endpoint) itself: the server reads the
 * form's definition from the backend, validates the answers with the same schema the
 * browser used, adds the hidden-field string from the request, and proxies.
 */
import { createServerFn } from '@tanstack/react-start'
import { setCookie, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { z } from 'zod'
import { type Locale, siteConfig } from '../../config/site'
import { valueFields, type FormDefinition } from '../../contract/forms/values'
import { mapServerErrors } from '../../contract/forms/errors'
import { hiddenFieldString, requestClient, requestVisitor, requestVisitorWithCountry } from '../http/visitor.server'
import { guardAccount, limitSubmission, screenSubmission } from './form-guard.server'
import { validationMessages } from '../../contract/forms/messages'
import { validateFormValues } from '../../contract/forms/schema'
import { fromSubmissionEntries, toSubmissionEntries } from '../../contract/forms/submission'
import { localeSchema } from '../../contract/queries'
import { localizePath } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { env } from '../env.server'
import { formDefinitions, idempotencyKeyOf, sendAccountRequest, sendSubmission } from './submissions.server'

const formSource = z.discriminatedUnion('kind', [
  /** The app path the form is on (as the router has it, possibly percent-encoded); its page name is checked below. */
  z.object({ kind: z.literal('page'), path: z.string().max(2000) }),
  z.object({ kind: z.literal('popup'), id: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
])
export type FormSource = z.infer<typeof formSource>

const submissionMeta = z.object({
  formId: z.string().regex(/^\d{1,20}$/),
  locale: localeSchema,
  source: z
    .string()
    .max(600)
    .transform((value, ctx) => {
      try {
        return formSource.parse(JSON.parse(value))
      } catch {
        ctx.addIssue({ code: 'custom', message: 'source' })
        return z.NEVER
      }
    }),
  referrer: z.string().max(2000).default(''),
  pageUrl: z.string().max(2000).default(''),
})

export type SubmissionResult =
  | { status: 'success'; confirmationHtml: string }
  /** The backend could not take it now: it waits in the outbox and will be sent (docs/decisions/011-submission-outbox.md). */
  | { status: 'received'; message: string }
  | { status: 'invalid'; message: string; fieldErrors: Record<string, string>; general: string[] }
  | { status: 'error'; message: string }

/** The form's definition as the backend has it now (the browser's copy is never trusted), else the last good copy; and the site's public origin. */
const loadDefinition = (locale: Locale, source: FormSource, formId: string) => formDefinitions.load(locale, source, formId)

/** Yesterday in UTC: a visitor west of Greenwich may still be on the day before. */
const serverToday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

function noStore() {
  setResponseHeader('cache-control', 'private, no-store')
}

export const submitForm = createServerFn({ method: 'POST' })
  .validator((data: unknown) => {
    if (!(data instanceof FormData)) throw new Error('Expected form data')
    return data
  })
  .handler(async ({ data }): Promise<SubmissionResult> => {
    noStore()
    const meta = submissionMeta.safeParse({
      formId: data.get('_formId'),
      locale: data.get('_locale'),
      source: data.get('_source'),
      referrer: data.get('_referrer') ?? undefined,
      pageUrl: data.get('_pageUrl') ?? undefined,
    })
    // Only a hand-made request lacks these: a clear 400, as for a key the form does not have.
    if (!meta.success) {
      setResponseStatus(400)
      return { status: 'error', message: m.form_submit_error() }
    }
    const { formId, locale, source, referrer, pageUrl } = meta.data
    const limited = await limitSubmission(locale)
    if (limited) return limited
    const failed = { status: 'error', message: m.form_submit_error({}, { locale }) } as const
    const definition = (await loadDefinition(locale, source, formId))?.definition
    if (!definition || definition.type !== 'standard') return failed

    const { values, unknown } = fromSubmissionEntries(definition, data.entries())
    if (unknown.length > 0) {
      setResponseStatus(400)
      return failed
    }
    const fieldErrors = await validateFormValues(definition, values, { messages: validationMessages(locale), today: serverToday() })
    if (Object.keys(fieldErrors).length > 0)
      return { status: 'invalid', message: m.form_submit_error({}, { locale }), fieldErrors, general: [] }
    const screened = await screenSubmission(data, locale)
    if (screened) return screened

    const visitor = await requestVisitorWithCountry(referrer)
    const hidden = hiddenFieldString(visitor)
    const entries: Array<[string, string | Blob, string?]> = toSubmissionEntries(definition, values).map(([key, value]) =>
      typeof value === 'string' ? [key, value] : [key, value, value.name],
    )
    for (const field of valueFields(definition)) {
      if (field.kind === 'hidden') entries.push([field.key, hidden])
    }
    const outcome = await sendSubmission({
      formId,
      locale,
      entries,
      visitorIp: visitor.ip || null,
      sourceUrl: pageUrl,
      idempotencyKey: idempotencyKeyOf(data.get('_idempotencyKey')),
    })
    switch (outcome.kind) {
      case 'valid':
        return { status: 'success', confirmationHtml: outcome.confirmationHtml }
      case 'queued':
        return { status: 'received', message: m.form_received({}, { locale }) }
      case 'invalid': {
        const mapped = mapServerErrors(definition, outcome.messages)
        return { status: 'invalid', message: m.form_submit_error({}, { locale }), fieldErrors: mapped.fields, general: mapped.general }
      }
      case 'rejected':
        return { status: 'error', message: outcome.message || failed.message }
      case 'unavailable':
        return { status: 'error', message: m.form_error_unavailable({}, { locale }) }
    }
  })

const accountInput = z.object({
  formId: z.string().regex(/^\d{1,20}$/),
  locale: localeSchema,
  source: formSource,
  values: z.record(z.string().regex(/^input_\d{1,20}$/), z.string().max(10_000)),
  /** Requirements §7: reset-password takes userId and passToken from the page's query. */
  userId: z.string().max(40).optional(),
  passToken: z.string().max(200).optional(),
  /** One per submission attempt (the browser's crypto.randomUUID()); register and forgot run once per key. */
  idempotencyKey: z.string().max(100).optional(),
  /** The form's fill-time stamp and its honeypot (form-guard.server.ts). */
  stamp: z.string().max(200).optional(),
  honeypot: z.string().max(2000).optional(),
})

export type AccountResult =
  | { status: 'success'; message: string; redirectTo: string | null }
  | { status: 'received'; message: string }
  | { status: 'invalid'; message: string; fieldErrors: Record<string, string>; reset: boolean }
  | { status: 'error'; message: string }

const actionFor = { login: 'login', register: 'register', recover: 'forgot', reset: 'reset-password' } as const

/** The backend names its fields (email, password…); an account form's field `name` says which is which. */
function namedValues(definition: FormDefinition, values: Record<string, string>) {
  const named: Record<string, string> = {}
  for (const field of valueFields(definition)) {
    if (field.kind === 'page') continue
    named[field.name] = values[field.key] ?? ''
  }
  return named
}

export const submitAccountForm = createServerFn({ method: 'POST' })
  .validator(accountInput)
  .handler(async ({ data }): Promise<AccountResult> => {
    noStore()
    const { locale } = data
    const failed = { status: 'error', message: m.form_submit_error({}, { locale }) } as const
    const loaded = await loadDefinition(locale, data.source, data.formId)
    if (!loaded) return failed
    const { definition } = loaded
    const type = definition.type
    if (type === 'standard') return failed
    const guarded = await guardAccount(type, locale, data)
    if (guarded) return guarded
    const fieldErrors = await validateFormValues(definition, data.values, { messages: validationMessages(locale), today: serverToday() })
    if (Object.keys(fieldErrors).length > 0)
      return { status: 'invalid', message: m.form_submit_error({}, { locale }), fieldErrors, reset: false }

    const fields = namedValues(definition, data.values)
    if (definition.type === 'reset' && fields.password !== fields.passwordRepeat) {
      return { status: 'invalid', message: m.form_passwords_match({}, { locale }), fieldErrors: {}, reset: true }
    }
    // Never the request's Host or Origin: a forged one would send the reset link elsewhere.
    const siteUrl = env.SITE_URL ?? loaded.siteUrl ?? 'http://localhost'
    if (definition.type === 'recover') {
      fields.subject = siteConfig.forms.passwordResetSubject
      // Requirements §7 `nuxtURL`: where the emailed link points, in the visitor's language.
      fields.nuxtURL = new URL(localizePath('/', locale), siteUrl).href.replace(/\/$/, '')
    }
    const query = definition.type === 'reset' ? { userId: data.userId ?? '', passToken: data.passToken ?? '' } : undefined
    const outcome = await sendAccountRequest(
      { action: actionFor[type], locale, fields, query, visitorIp: requestVisitor().ip || null },
      idempotencyKeyOf(data.idempotencyKey),
    )
    if ('queued' in outcome) return { status: 'received', message: m.form_received({}, { locale }) }
    if (!outcome.ok) {
      return {
        status: 'error',
        message: outcome.status === 0 ? m.form_error_unavailable({}, { locale }) : outcome.message || failed.message,
      }
    }
    if (definition.type === 'login' && outcome.token) {
      setCookie(siteConfig.session.cookieName, outcome.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: requestClient().protocol === 'https',
        path: '/',
        maxAge: siteConfig.session.maxAgeSeconds,
      })
    }
    const redirectTo = definition.type === 'register' || definition.type === 'reset' ? localizePath('/login', locale) : null
    return { status: 'success', message: outcome.message, redirectTo }
  })
