/**
 * Requirements §7: a submission is multipart form data with `input_{fieldId}` keys, and
 * `input_{id}_{n}` for sub-inputs (the n-th box of a checkbox list, a consent box).
 * The browser sends this shape to the submission server function, which reads it back
 * with the same rules before it validates and proxies it to the backend.
 */
import { valueFields, type FormDefinition, type FormField, type FormValues } from './values'

export type SubmissionEntry = [key: string, value: string | File]

/** The form's values as submission entries; empty answers are left out, as a browser would. */
export function toSubmissionEntries(definition: FormDefinition, values: FormValues): SubmissionEntry[] {
  const entries: SubmissionEntry[] = []
  for (const field of valueFields(definition)) {
    const value = values[field.key]
    if (field.kind === 'checkbox') {
      if (value === true) entries.push([`${field.key}_1`, field.options[0]?.value || '1'])
    } else if (field.kind === 'checkboxes') {
      const ticked = Array.isArray(value) ? value : []
      field.options.forEach((option, index) => {
        if (ticked.includes(option.value)) entries.push([`${field.key}_${index + 1}`, option.value])
      })
    } else if (field.kind === 'file') {
      if (value instanceof File) entries.push([field.key, value])
    } else if (typeof value === 'string' && value !== '') {
      entries.push([field.key, value])
    }
  }
  return entries
}

/** Which field (and sub-input) a submission key names, or null for a key the form does not have. */
function fieldForKey(definition: FormDefinition, key: string): FormField | null {
  const match = /^input_(\d+)(?:_(\d+))?$/.exec(key)
  if (!match) return null
  const field = valueFields(definition).find((candidate) => candidate.id === match[1])
  if (!field) return null
  const sub = match[2] === undefined ? null : Number(match[2])
  if (field.kind === 'checkbox') return sub === 1 ? field : null
  if (field.kind === 'checkboxes') return sub !== null && sub >= 1 && sub <= field.options.length ? field : null
  return sub === null ? field : null
}

/** Reads submission entries back into form values; `unknown` lists keys that name no field. */
export function fromSubmissionEntries(definition: FormDefinition, entries: Iterable<[string, FormDataEntryValue]>) {
  const values: FormValues = {}
  const unknown: string[] = []
  const received = new Map<string, FormDataEntryValue>()
  for (const [key, value] of entries) {
    if (!key.startsWith('input_')) continue
    if (!fieldForKey(definition, key)) unknown.push(key)
    else received.set(key, value)
  }
  const textOf = (key: string) => {
    const value = received.get(key)
    return typeof value === 'string' ? value : ''
  }
  for (const field of valueFields(definition)) {
    if (field.kind === 'checkbox') values[field.key] = received.has(`${field.key}_1`)
    else if (field.kind === 'checkboxes')
      values[field.key] = field.options.filter((_, index) => received.has(`${field.key}_${index + 1}`)).map((option) => option.value)
    else if (field.kind === 'file') {
      const value = received.get(field.key)
      values[field.key] = typeof value === 'object' && value.size > 0 ? value : null
    } else values[field.key] = textOf(field.key)
  }
  return { values, unknown }
}
