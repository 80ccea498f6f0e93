/**
 * Requirements §5: a form definition becomes one zod schema, used by the browser before it
 * submits (and before each Next of a multi-step form) and by the submission server
 * function before it proxies, so both refuse the same things with the same messages.
 * Fields hidden by conditional logic, hidden fields (filled on the server) and page
 * breaks are not validated; with `page`, only that step's fields are.
 */
import { z } from 'zod'
import { isFieldShown } from './conditional-logic'
import { valueFields, type FormDefinition, type FormField, type FormValues } from './values'
import { checkUpload } from './file-type'

export interface ValidationMessages {
  required: string
  email: string
  phone: string
  option: string
  date: string
  dateMin: (date: string) => string
  dateMax: (date: string) => string
  fileType: string
  fileSize: string
  tooLong: string
}

export interface ValidationOptions {
  messages: ValidationMessages
  /** yyyy-mm-dd: the earliest date when the form sets no minimum (requirements §5: today). */
  today: string
  /** Validate only this step's fields. */
  page?: number
}

const MAX_TEXT = 10_000
const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** Requirements §5: email fields are those of type email and those whose label is "email". */
export const isEmailField = (field: FormField) => field.kind === 'email' || field.label.trim().toLowerCase() === 'email'

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)

function isRealDate(value: string) {
  if (!isoDate.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/** One field's schema for a value that is present (emptiness is checked before). */
function fieldSchema(field: FormField, definition: FormDefinition, options: ValidationOptions): z.ZodType {
  const { messages } = options
  const text = z.string(messages.tooLong).max(MAX_TEXT, messages.tooLong)
  const choices = new Set(field.options.map((option) => option.value))
  switch (field.kind) {
    case 'phone':
      // The numbering plans load only when a phone number is checked.
      return text.refine(async (value) => (await import('react-phone-number-input/input')).isValidPhoneNumber(value), messages.phone)
    case 'select':
      return text.refine((value) => choices.has(value), messages.option)
    case 'checkboxes':
      return z.array(z.string(), messages.option).refine((values) => values.every((value) => choices.has(value)), messages.option)
    case 'checkbox':
      return z.boolean(messages.option)
    case 'date': {
      const min = definition.minimumDate ?? options.today
      const max = definition.maximumDate
      return text
        .refine(isRealDate, messages.date)
        .refine((value) => value >= min, messages.dateMin(min))
        .refine((value) => !max || value <= max, messages.dateMax(max ?? ''))
    }
    case 'file':
      return z.instanceof(Blob, { error: messages.fileType }).superRefine(async (file, ctx) => {
        const problem = await checkUpload(file)
        if (problem) ctx.addIssue({ code: 'custom', message: problem === 'too_large' ? messages.fileSize : messages.fileType })
      })
    default:
      return isEmailField(field) ? text.pipe(z.email(messages.email)) : text
  }
}

/** The fields a submission (or one step) is checked against, given the current values. */
function fieldsToValidate(definition: FormDefinition, values: FormValues, page?: number) {
  const valueOf = (fieldId: string) => values[`input_${fieldId}`]
  return valueFields(definition).filter(
    (field) =>
      field.kind !== 'hidden' && field.visible && (page === undefined || field.pageNumber === page) && isFieldShown(field.logic, valueOf),
  )
}

function buildFormSchema(definition: FormDefinition, options: ValidationOptions) {
  const schemas = new Map(valueFields(definition).map((field) => [field.key, fieldSchema(field, definition, options)]))
  return z.record(z.string(), z.unknown()).superRefine(async (values, ctx) => {
    for (const field of fieldsToValidate(definition, values as FormValues, options.page)) {
      const value = values[field.key]
      let message: string | null = null
      if (isEmpty(value)) {
        if (field.required) message = options.messages.required
      } else {
        const result = await (schemas.get(field.key) ?? z.never()).safeParseAsync(value)
        if (!result.success) message = result.error.issues[0]?.message ?? options.messages.required
      }
      // Requirements §5: the field's own errorMessage takes priority.
      if (message) ctx.addIssue({ code: 'custom', path: [field.key], message: field.errorMessage ?? message })
    }
  })
}

/** Field key → message, empty when the values are acceptable. */
export async function validateFormValues(
  definition: FormDefinition,
  values: FormValues,
  options: ValidationOptions,
): Promise<Record<string, string>> {
  const result = await buildFormSchema(definition, options).safeParseAsync(values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

/** Today as yyyy-mm-dd in the visitor's own time zone. */
export function localToday(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
