/**
 * Form submissions for the embedded CMS, modelled on Gravity Forms' REST v2
 * (`POST /api/gf/v2/forms/{id}/submissions`, requirements §10.7): multipart/form-data with
 * `input_{fieldId}` keys (`input_{fieldId}_{sub}` for a name's parts or a checkbox's
 * choices), validated against the form's definition (requirements §3, §5), answered 200 with
 * the confirmation or 400 with `validation_messages` keyed by field id. A valid entry is
 * stored in form_entries, its files on disk under a random name with a row in
 * entry_files; nothing is stored for an invalid or malformed request. With an
 * `Idempotency-Key`, one entry per key: a retry gets the first answer (cms/idempotency.ts).
 *
 * This file is the call; the values are read in form-values.ts, validated in
 * form-validation.ts and stored in form-entries.ts; the definitions a page carries are
 * form-definitions.ts.
 */
import type { z } from 'zod'
import type { wireSubmissionResponse } from '../app/contract/wire-forms'
import { fieldKindOf, holdsValue } from '../app/contract/forms/fields'
import { cmsConfig } from './config'
import type { FormFile } from './content-store'
import { contentFor, type CmsContext } from './context'
import { fitsUploadQuota, scopeOf, storeEntry, type SubmissionDeps } from './form-entries'
import { hiddenFields, problemOf } from './form-validation'
import { BadRequest, readValues, type Value } from './form-values'
import { errorBody, errorResponse, json, readLimitedBody } from './http'
import { idempotencyKeyOf, isDuplicateKey, replay, sweepIdempotencyKeys } from './idempotency'
import { message } from './messages'

const limits = cmsConfig.forms
const FORM_ID = new RegExp(`^[A-Za-z0-9_-]{1,${limits.maxIdLength}}$`)

const lastPage = (form: FormFile) => Math.max(1, ...form.fields.map((field) => field.pageNumber ?? 1))

function sourceUrlOf(request: Request, data: FormData): string | null {
  const sent = data.get('source_url')
  const candidate = typeof sent === 'string' && sent.trim() !== '' ? sent.trim() : (request.headers.get('referer') ?? '')
  return candidate === '' ? null : candidate.slice(0, limits.maxSourceUrlLength)
}

/** POST /api/gf/v2/forms/{id}/submissions for a known form, in the given locale. */
async function submitForm(request: Request, form: FormFile, locale: string, deps: SubmissionDeps, now = new Date()): Promise<Response> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) {
    return errorResponse('rest_unsupported_media_type', 'Send the submission as multipart/form-data with input_{fieldId} parts.', 415)
  }
  let body: Uint8Array<ArrayBuffer> | null
  try {
    body = await readLimitedBody(request, limits.maxRequestBytes)
  } catch {
    return errorResponse('rest_invalid_body', 'The request body could not be read.', 400)
  }
  if (body === null)
    return errorResponse('rest_request_too_large', `The request body is larger than ${limits.maxRequestBytes / 1024 / 1024} MB.`, 413)
  let data: FormData
  try {
    data = await new Response(body, { headers: { 'content-type': type } }).formData()
  } catch {
    return errorResponse('rest_invalid_body', 'The request body is not valid multipart/form-data.', 400)
  }
  let values: Map<string, Value>
  try {
    values = await readValues(form, data)
  } catch (error) {
    if (error instanceof BadRequest) return errorResponse('gf_invalid_input', error.message, 400)
    throw error
  }

  const hidden = hiddenFields(form, values)
  const messages: Record<string, string> = {}
  let firstErrorPage: number | null = null
  for (const field of form.fields) {
    const id = String(field.id)
    if (!holdsValue(fieldKindOf(field))) continue
    if (hidden.has(id)) {
      // A field the visitor could not see is neither validated nor kept (as Gravity Forms does).
      values.set(id, null)
      continue
    }
    const problem = await problemOf(form, field, values.get(id) ?? null, locale, now)
    if (!problem) continue
    messages[id] = problem
    firstErrorPage ??= field.pageNumber ?? 1
  }
  const sourcePage = lastPage(form)
  if (firstErrorPage !== null) {
    const answer: z.input<typeof wireSubmissionResponse> = {
      is_valid: false,
      validation_messages: messages,
      page_number: firstErrorPage,
      source_page_number: sourcePage,
    }
    return json(answer, 400)
  }

  // 413, not 507: a 5xx would read as "the backend is down" and be retried; a full store is an answer.
  if (!(await fitsUploadQuota(deps, values))) return errorResponse('rest_upload_quota', message(locale, 'uploadQuota'), 413)
  const answer: z.input<typeof wireSubmissionResponse> = {
    is_valid: true,
    page_number: 0,
    source_page_number: sourcePage,
    confirmation_message: form.confirmation_message.trim() !== '' ? form.confirmation_message : message(locale, 'confirmation'),
    confirmation_type: form.confirmation_type,
  }
  const answerJson = JSON.stringify(answer)
  try {
    await storeEntry(deps, form, locale, sourceUrlOf(request, data), values, answerJson)
  } catch (error) {
    // The same key arrived twice at once and the other request stored first: its answer, and no second entry.
    const earlier =
      deps.idempotencyKey && isDuplicateKey(error) ? await replay(await deps.database(), scopeOf(form), deps.idempotencyKey) : null
    if (earlier) return earlier
    throw error
  }
  if (deps.idempotencyKey) await sweepIdempotencyKeys(await deps.database())
  return json(answer)
}

/** POST /api/gf/v2/forms/{id}/submissions?locale=: the form in the locale, then submitForm. */
export async function postSubmission(ctx: CmsContext, request: Request, url: URL, id: string): Promise<Response> {
  if (!ctx.database) return json(errorBody('rest_unavailable', 'Form submissions are not available.', 503), 503)
  if (id === '') return json(errorBody('gf_missing_form_id', 'The URL names no form id.', 404), 404)
  if (!FORM_ID.test(id)) return json(errorBody('gf_form_not_found', 'Form not found.', 404), 404)
  const content = await contentFor(ctx, url)
  if (!content) return json(errorBody('rest_invalid_param', 'Unknown locale', 400), 400)
  const form = content.forms.get(id)
  if (!form) return json(errorBody('gf_form_not_found', `Form ${id} not found.`, 404), 404)
  const idempotencyKey = idempotencyKeyOf(request)
  if (idempotencyKey instanceof Response) return idempotencyKey
  if (idempotencyKey !== null) {
    // A retry of a submission that was stored: the first answer again, before the body is even read.
    const earlier = await replay(await ctx.database(), scopeOf(form), idempotencyKey)
    if (earlier) return earlier
  }
  return submitForm(request, form, content.locale, {
    database: ctx.database,
    uploadDir: ctx.uploadDir,
    idempotencyKey,
    maxUploadBytes: ctx.maxUploadBytes,
  })
}
