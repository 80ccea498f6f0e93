/**
 * Validation of a submission against its form's definition (requirements §3, §5), as the
 * browser's form engine validates it (app/contract/forms/): which fields conditional logic
 * hides, and what is wrong with a shown field's value, as the message in the locale.
 */
import { isFieldShown, parseConditionalLogic } from '../app/contract/forms/conditional-logic'
import { fieldKindOf, type FieldKind } from '../app/contract/forms/fields'
import { maxUploadBytes } from '../app/contract/forms/file-type'
import { checkUploadContent } from '../app/contract/forms/file-type.server'
import { cmsConfig } from './config'
import type { FormFile } from './content-store'
import { isEmpty, isNameParts, logicValue, textsOf, Upload, type Value } from './form-values'
import { formatDate, message } from './messages'

const limits = cmsConfig.forms
const MAX_LENGTH: Partial<Record<FieldKind, number>> = limits.maxLengthByKind
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^\+?[0-9 ()./-]{5,40}$/

type Field = FormFile['fields'][number]

/**
 * Which fields conditional logic hides (requirements §3), decided as the browser decides it
 * (app/contract/forms/conditional-logic.ts). A hidden field counts as empty for the rules of
 * others, so this repeats until nothing changes; a hidden page hides its fields.
 */
export function hiddenFields(form: FormFile, values: Map<string, Value>): Set<string> {
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
export async function problemOf(form: FormFile, field: Field, value: Value, locale: string, now: Date): Promise<string | null> {
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
