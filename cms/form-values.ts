/**
 * A submission's values as cms/forms.ts reads them: the `input_{fieldId}` parts of the
 * multipart body (`input_{fieldId}_{sub}` for a name's parts or a checkbox's choices), one
 * value per field that holds one. A part that fits no field is a BadRequest (HTTP 400).
 */
import { fieldKindOf, holdsValue } from '../app/contract/forms/fields'
import type { FieldValue } from '../app/contract/forms/conditional-logic'
import { cmsConfig } from './config'
import type { FormFile } from './content-store'

const limits = cmsConfig.forms

/** An uploaded file, told apart from the other values by its class. */
export class Upload {
  constructor(readonly file: File) {}
}
/** A field's submitted value: text, a name's parts by input id, ticked choices, a consent tick, or a file. */
export type Value = string | Record<string, string> | string[] | boolean | Upload | null

export const isNameParts = (value: Value): value is Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Upload)

export function isEmpty(value: Value): boolean {
  if (value === null || value === false || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (isNameParts(value)) return Object.values(value).every((part) => part === '')
  return false
}

/** What conditional logic compares: a name's parts joined, a file by its name. */
export function logicValue(value: Value): FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || Array.isArray(value)) return value
  if (value instanceof Upload) return value.file
  return Object.values(value)
    .filter((part) => part !== '')
    .join(' ')
}

/** The texts a value holds, for the length limits. */
export function textsOf(value: Value): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value
  if (isNameParts(value)) return Object.values(value)
  return []
}

export class BadRequest extends Error {}

const isTrue = (text: string) => text !== '' && !/^(0|false|off|no)$/i.test(text)

/** The form's values by field id, read from the `input_…` parts; a part that fits no field is a BadRequest. */
export async function readValues(form: FormFile, data: FormData): Promise<Map<string, Value>> {
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
