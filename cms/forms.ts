/**
 * Form submissions for the embedded CMS, modelled on Gravity Forms' REST v2
 * (`POST /api/gf/v2/forms/{id}/submissions`, requirements §10.7): multipart/form-data with
 * `input_{fieldId}` keys (`input_{fieldId}_{sub}` for a name's parts or a checkbox's
 * choices), validated against the form's definition (requirements §3, §5), answered 200 with
 * the confirmation or 400 with `validation_messages` keyed by field id. A valid entry is
 * stored in form_entries, its files on disk under a random name with a row in
 * entry_files; nothing is stored for an invalid or malformed request. With an
 * `Idempotency-Key`, one entry per key: a retry gets the first answer (cms/idempotency.ts).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Client } from '@libsql/client'
import type { z } from 'zod'
import type { wireFormDefinition, wireShortcodeData } from '../app/contract/wire-forms'
import { wireId } from '../app/contract/wire-primitives'
import type { wireSubmissionResponse } from '../app/contract/wire-forms'
import { isFieldShown, parseConditionalLogic, type FieldValue } from '../app/contract/forms/conditional-logic'
import { fieldKindOf, holdsValue, type FieldKind } from '../app/contract/forms/fields'
import { maxUploadBytes, mimeTypeOf } from '../app/contract/forms/file-type'
import { checkUploadContent, fileKindOfContent } from '../app/contract/forms/file-type.server'
import { cmsConfig } from '../app.config'
import type { FormFile, LocaleContent } from './content-store'
import { contentFor, type CmsContext } from './context'
import { errorBody, errorResponse, json, readLimitedBody } from './http'
import { idempotencyKeyOf, isDuplicateKey, keepAnswer, replay, sweepIdempotencyKeys } from './idempotency'
import { formatDate, message } from './messages'

const limits = cmsConfig.forms
const MAX_LENGTH: Partial<Record<FieldKind, number>> = limits.maxLengthByKind
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const FORM_ID = new RegExp(`^[A-Za-z0-9_-]{1,${limits.maxIdLength}}$`)
const PHONE = /^\+?[0-9 ()./-]{5,40}$/

type Field = FormFile['fields'][number]

class Upload {
  constructor(readonly file: File) {}
}
/** A field's submitted value: text, a name's parts by input id, ticked choices, a consent tick, or a file. */
type Value = string | Record<string, string> | string[] | boolean | Upload | null

const isNameParts = (value: Value): value is Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Upload)

interface StoredFile {
  fieldId: string
  fileName: string
  mimeType: string
  size: number
  storedName: string
}

export interface SubmissionDeps {
  database: () => Promise<Client>
  /** Where uploaded files are written (CMS_UPLOAD_DIR). */
  uploadDir: string
  /** The request's Idempotency-Key: the entry and its answer are kept together, once per key (cms/idempotency.ts). */
  idempotencyKey?: string | null
  /** All stored uploads together may take at most this many bytes. */
  maxUploadBytes: number
}

/**
 * Whether these new files still fit the upload storage quota, counted from entry_files
 * (the files on disk are exactly its rows). Two submissions at once may together pass it
 * by at most one submission's files.
 */
async function fitsUploadQuota(deps: SubmissionDeps, values: Map<string, Value>): Promise<boolean> {
  let adding = 0
  for (const value of values.values()) if (value instanceof Upload) adding += value.file.size
  if (adding === 0) return true
  const db = await deps.database()
  const used = Number((await db.execute('SELECT COALESCE(SUM(size_bytes), 0) AS used FROM entry_files')).rows[0]?.used ?? 0)
  return used + adding <= deps.maxUploadBytes
}

const scopeOf = (form: FormFile) => `form:${String(form.id)}`

/** The definition as the page answer carries it: without the confirmation (kept on the server, as Gravity Forms does). */
export function publicFormDefinition(form: FormFile): z.input<typeof wireFormDefinition> {
  const { confirmation_message: _message, confirmation_type: _type, id, ...definition } = form
  // The contract's ids are numeric (Gravity Forms'); a slug id is carried by the shortcode_data key alone.
  return wireId.safeParse(id).success ? { ...definition, id } : definition
}

/** The public definitions of the forms with these ids (unknown ids are left out), keyed by id: a page's or popup's shortcode_data. */
export function formDefinitions(content: LocaleContent, ids: unknown[]): z.input<typeof wireShortcodeData> {
  const definitions: Record<string, z.input<typeof wireFormDefinition>> = {}
  for (const id of ids) {
    const form = typeof id === 'string' || typeof id === 'number' ? content.forms.get(String(id)) : undefined
    if (form) definitions[String(form.id)] = publicFormDefinition(form)
  }
  return definitions
}

const lastPage = (form: FormFile) => Math.max(1, ...form.fields.map((field) => field.pageNumber ?? 1))

function isEmpty(value: Value): boolean {
  if (value === null || value === false || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (isNameParts(value)) return Object.values(value).every((part) => part === '')
  return false
}

/** What conditional logic compares: a name's parts joined, a file by its name. */
function logicValue(value: Value): FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || Array.isArray(value)) return value
  if (value instanceof Upload) return value.file
  return Object.values(value)
    .filter((part) => part !== '')
    .join(' ')
}

class BadRequest extends Error {}

const isTrue = (text: string) => text !== '' && !/^(0|false|off|no)$/i.test(text)

/** The form's values by field id, read from the `input_…` parts; a part that fits no field is a BadRequest. */
async function readValues(form: FormFile, data: FormData): Promise<Map<string, Value>> {
  const fields = new Map(form.fields.map((field) => [String(field.id), field]))
  const parts = new Map<string, Array<{ sub: string | null; value: FormDataEntryValue }>>()
  let count = 0
  for (const [key, value] of data.entries()) {
    if (++count > limits.maxParts) throw new BadRequest(`A submission has at most ${limits.maxParts} parts.`)
    // Gravity Forms' own keys (is_submit_{id}, gform_*, state_{id}) and source_url are not inputs.
    if (!key.startsWith('input_')) continue
    const match = /^input_(\d{1,20})(?:[_.](\d{1,3}))?$/.exec(key)
    const field = match ? fields.get(match[1] ?? '') : undefined
    const kind = field ? fieldKindOf(field) : null
    if (!match || !field || !holdsValue(kind)) throw new BadRequest(`${key} names no input of form ${String(form.id)}.`)
    const sub = match[2] ?? null
    if (sub !== null && kind !== 'name' && kind !== 'checkbox' && kind !== 'checkboxes')
      throw new BadRequest(`${key}: field ${String(field.id)} has no sub-inputs.`)
    const list = parts.get(String(field.id)) ?? []
    list.push({ sub, value })
    parts.set(String(field.id), list)
  }

  const values = new Map<string, Value>()
  for (const field of form.fields) {
    const id = String(field.id)
    const kind = fieldKindOf(field)
    if (!holdsValue(kind)) continue
    const sent = parts.get(id) ?? []
    const texts = sent.map(({ sub, value }) => {
      if (typeof value === 'string') return { sub, text: value }
      if (kind === 'file') return { sub, text: '' }
      throw new BadRequest(`input_${id} must be text, not a file.`)
    })
    if (kind === 'name' && texts.some(({ sub }) => sub !== null)) {
      // Gravity Forms' name parts: `input_1_3` first, `input_1_6` last, kept as { "1.3": …, "1.6": … }.
      const name: Record<string, string> = {}
      for (const { sub, text } of texts) {
        const key = sub === null ? id : `${id}.${sub}`
        if (key in name) throw new BadRequest(`input_${key.replace('.', '_')} was sent more than once.`)
        name[key] = text.trim()
      }
      values.set(id, name)
    } else if (kind === 'checkbox' || kind === 'checkboxes') {
      const ticked = texts.map(({ text }) => text.trim()).filter((text) => text !== '')
      // A list: the ticked choices' values; one box (consent): whether it is ticked.
      values.set(id, kind === 'checkboxes' ? [...new Set(ticked)] : ticked.some(isTrue))
    } else if (kind === 'file') {
      if (sent.length > 1) throw new BadRequest(`input_${id} was sent more than once.`)
      const value = sent[0]?.value
      if (typeof value === 'string' && value !== '') throw new BadRequest(`input_${id} must be a file.`)
      values.set(id, value instanceof File ? new Upload(value) : null)
    } else {
      if (sent.length > 1) throw new BadRequest(`input_${id} was sent more than once.`)
      const text = texts[0]?.text ?? ''
      values.set(id, kind === 'textarea' ? text.replace(/\r\n?/g, '\n').trim() : text.trim())
    }
  }
  return values
}

/**
 * Which fields conditional logic hides (requirements §3), decided as the browser decides it
 * (app/contract/forms/conditional-logic.ts). A hidden field counts as empty for the rules of
 * others, so this repeats until nothing changes; a hidden page hides its fields.
 */
function hiddenFields(form: FormFile, values: Map<string, Value>): Set<string> {
  const hidden = new Set<string>()
  for (let round = 0; round <= form.fields.length; round++) {
    const valueOf = (fieldId: string) => (hidden.has(fieldId) ? null : logicValue(values.get(fieldId) ?? null))
    const next = new Set<string>()
    const hiddenPages = new Set<number>()
    for (const field of form.fields) {
      if (!isFieldShown(parseConditionalLogic(field.conditionalLogic), valueOf)) {
        next.add(String(field.id))
        if (fieldKindOf(field) === 'page' && field.pageNumber) hiddenPages.add(field.pageNumber)
      }
    }
    for (const field of form.fields) if (hiddenPages.has(field.pageNumber ?? 1)) next.add(String(field.id))
    if (next.size === hidden.size && [...next].every((id) => hidden.has(id))) break
    hidden.clear()
    for (const id of next) hidden.add(id)
  }
  return hidden
}

function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Requirements §5: the form's minimum date, or today (a day earlier, for visitors west of UTC). */
function dateBounds(form: FormFile, now: Date): { min: string; max: string | null } {
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const min = form.minimum_date && isRealDate(form.minimum_date) ? form.minimum_date : yesterday
  const max = form.maximum_date && isRealDate(form.maximum_date) ? form.maximum_date : null
  return { min, max }
}

/** What is wrong with a shown field's value, as the message in the locale, or null. */
async function problemOf(form: FormFile, field: Field, value: Value, locale: string, now: Date): Promise<string | null> {
  const kind = fieldKindOf(field)
  if (isEmpty(value)) return field.isRequired ? message(locale, 'required') : null
  if (isNameParts(value)) {
    // A required name needs every part but the optional prefix (.2), middle name (.4) and suffix (.8).
    const missing = Object.entries(value).some(([key, part]) => part === '' && !['2', '4', '8'].includes(key.split('.')[1] ?? ''))
    if (field.isRequired && missing) return message(locale, 'required')
  }
  const max =
    typeof field.maxLength === 'number' && field.maxLength > 0 ? field.maxLength : ((kind && MAX_LENGTH[kind]) ?? limits.defaultMaxLength)
  if (textsOf(value).some((text) => text.length > max)) return message(locale, 'tooLong', { max })
  const options = (field.options ?? []).map((option) => option.value)
  if (typeof value === 'string') {
    if (kind === 'email' && !EMAIL.test(value)) return message(locale, 'email')
    if (kind === 'phone' && (!PHONE.test(value) || value.replace(/\D/g, '').length < 5)) return message(locale, 'phone')
    if (kind === 'select' && options.length > 0 && !options.includes(value)) return message(locale, 'option')
    if (kind === 'date') {
      if (!isRealDate(value)) return message(locale, 'date')
      const { min, max: latest } = dateBounds(form, now)
      const shownMin = form.minimum_date && isRealDate(form.minimum_date) ? min : now.toISOString().slice(0, 10)
      if (value < min) return message(locale, 'dateMin', { date: formatDate(locale, shownMin) })
      if (latest && value > latest) return message(locale, 'dateMax', { date: formatDate(locale, latest) })
    }
  }
  if (Array.isArray(value) && value.some((choice) => !options.includes(choice))) return message(locale, 'option')
  if (value instanceof Upload) {
    const problem = await checkUploadContent(value.file)
    if (problem === 'too_large') return message(locale, 'fileSize', { kb: Math.round(maxUploadBytes / 1024) })
    if (problem === 'wrong_type') return message(locale, 'fileType')
  }
  return null
}

function textsOf(value: Value): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value
  if (isNameParts(value)) return Object.values(value)
  return []
}

/** The client's file name without folders or control characters, for display only. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? ''
  const clean = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-150)
  return clean === '' ? 'upload' : clean
}

/** Whatever is stored for a value: text as is, a file by its row in entry_files, passwords never. */
function storedValue(field: Field, value: Value, files: StoredFile[]): unknown {
  if (fieldKindOf(field) === 'password') return null
  if (value instanceof Upload) {
    const stored = files.find((file) => file.fieldId === String(field.id))
    return stored ? { file_name: stored.fileName, mime_type: stored.mimeType, size_bytes: stored.size } : null
  }
  return value
}

async function storeEntry(
  deps: SubmissionDeps,
  form: FormFile,
  locale: string,
  sourceUrl: string | null,
  values: Map<string, Value>,
  answer: string,
): Promise<number> {
  const files: StoredFile[] = []
  const written: string[] = []
  try {
    for (const field of form.fields) {
      const value = values.get(String(field.id)) ?? null
      if (!(value instanceof Upload)) continue
      const bytes = new Uint8Array(await value.file.arrayBuffer())
      const kind = fileKindOfContent(bytes)
      if (!kind) throw new Error(`field ${String(field.id)}: the file was not validated`)
      await mkdir(deps.uploadDir, { recursive: true })
      // Never the client's name: a random one, with the extension of what the bytes are.
      const storedName = `${randomBytes(16).toString('hex')}.${kind}`
      const target = path.join(deps.uploadDir, storedName)
      await writeFile(target, bytes, { flag: 'wx', mode: 0o640 })
      written.push(target)
      files.push({
        fieldId: String(field.id),
        fileName: sanitizeFileName(value.file.name),
        mimeType: mimeTypeOf[kind],
        size: value.file.size,
        storedName,
      })
    }
    const record: Record<string, unknown> = {}
    const hidden: string[] = []
    for (const field of form.fields) {
      const kind = fieldKindOf(field)
      if (!holdsValue(kind)) continue
      const value = values.get(String(field.id)) ?? null
      record[String(field.id)] = storedValue(field, value, files)
      if (kind === 'hidden' && typeof value === 'string' && value !== '') hidden.push(value)
    }
    const db = await deps.database()
    // One write transaction: the entry and its files' rows are stored together or not at all.
    // Inside it the newest entry id is this entry's (AUTOINCREMENT ids only grow).
    const results = await db.batch(
      [
        {
          sql: 'INSERT INTO form_entries (form_id, locale, values_json, hidden_value, source_url) VALUES (?, ?, ?, ?, ?) RETURNING id',
          args: [String(form.id), locale, JSON.stringify(record), hidden.length > 0 ? hidden.join('\n') : null, sourceUrl],
        },
        ...files.map((file) => ({
          sql: 'INSERT INTO entry_files (entry_id, field_id, file_name, mime_type, size_bytes, stored_path) VALUES ((SELECT max(id) FROM form_entries), ?, ?, ?, ?, ?)',
          args: [file.fieldId, file.fileName, file.mimeType, file.size, file.storedName],
        })),
        // A key already kept fails this statement, and with it the whole entry.
        ...(deps.idempotencyKey ? [keepAnswer(scopeOf(form), deps.idempotencyKey, 200, answer)] : []),
      ],
      'write',
    )
    return Number(results[0]?.rows[0]?.id)
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true }).catch(() => undefined)))
    throw error
  }
}

function sourceUrlOf(request: Request, data: FormData): string | null {
  const sent = data.get('source_url')
  const candidate = typeof sent === 'string' && sent.trim() !== '' ? sent.trim() : (request.headers.get('referer') ?? '')
  return candidate === '' ? null : candidate.slice(0, limits.maxSourceUrlLength)
}

/** POST /api/gf/v2/forms/{id}/submissions for a known form, in the given locale. */
export async function submitForm(
  request: Request,
  form: FormFile,
  locale: string,
  deps: SubmissionDeps,
  now = new Date(),
): Promise<Response> {
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
