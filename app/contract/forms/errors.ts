/**
 * Requirements §5 and §8: the backend's `validation_messages` (keyed by field id, sometimes by
 * sub-input `3.1` or `3_1`) become field errors; the field's own errorMessage takes
 * priority. A message for a field the form does not show is kept as a form-level
 * message so nothing the backend said is dropped.
 */
import { valueFields, type FormDefinition } from './values'

const toText = (value: string) =>
  value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500)

export function mapServerErrors(definition: FormDefinition, messages: Record<string, string>) {
  const fields: Record<string, string> = {}
  const general: string[] = []
  for (const [key, raw] of Object.entries(messages)) {
    const message = toText(raw)
    const id = /^(\d+)(?:[._]\d+)?$/.exec(key.replace(/^input_/, ''))?.[1]
    const field = id
      ? valueFields(definition).find((candidate) => candidate.id === id && candidate.kind !== 'hidden' && candidate.visible)
      : undefined
    if (!field) {
      if (message) general.push(message)
      continue
    }
    fields[field.key] ??= field.errorMessage ?? (message || field.label)
  }
  return { fields, general }
}

/** The step a field error is on, so a multi-step form can go back to it. */
export function firstErrorPage(definition: FormDefinition, errors: Record<string, string>) {
  const pages = valueFields(definition)
    .filter((field) => errors[field.key])
    .map((field) => field.pageNumber)
  return pages.length > 0 ? Math.min(...pages) : null
}
