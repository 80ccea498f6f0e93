/**
 * Requirements §5: a form's values are checked field by field, each with a zod schema built
 * from its definition, by the browser before it submits (and before each Next of a
 * multi-step form) and by the submission server function before it proxies, so both
 * refuse the same things with the same messages.
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
      return text.refine(isValidPhone, messages.phone)
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

/**
 * Each field's schema, built once for what it is built from: the field, the form's dates,
 * today and the messages' language. A multi-step form checks its step on every Next, and
 * building the schemas was most of that click's work on a phone (README, Benchmarks:
 * interaction). Held by the field object, so a definition no longer in use takes its
 * schemas with it; a few days' and languages' worth per field at most.
 */
const builtSchemas = new WeakMap<FormField, Map<string, z.ZodType>>()
const MAX_BUILDS_PER_FIELD = 8

function schemaFor(field: FormField, definition: FormDefinition, options: ValidationOptions): z.ZodType {
  // The messages' text names their language (functions drop out of JSON; dateMin and dateMax follow it).
  const key = JSON.stringify([options.today, definition.minimumDate, definition.maximumDate, options.messages])
  let builds = builtSchemas.get(field)
  if (!builds) builtSchemas.set(field, (builds = new Map()))
  let schema = builds.get(key)
  if (!schema) {
    if (builds.size >= MAX_BUILDS_PER_FIELD) builds.clear()
    schema = fieldSchema(field, definition, options)
    builds.set(key, schema)
  }
  return schema
}

/**
 * The answers for the last few phone numbers checked: a step's Next and then the submit
 * check the same number, and so does a visitor who presses Next again.
 */
const phoneAnswers = new Map<string, boolean>()
const MAX_PHONE_ANSWERS = 16
/** A number libphonenumber accepts, for the first check a form makes ahead of the visitor's. */
const SAMPLE_PHONE = '+442079460000'

/** Whether a number is one in its country's numbering plan. The plans load only when a number is checked. */
async function isValidPhone(value: string): Promise<boolean> {
  const known = phoneAnswers.get(value)
  if (known !== undefined) return known
  const { isValidPhoneNumber } = await import('react-phone-number-input/input')
  const valid = isValidPhoneNumber(value)
  if (phoneAnswers.size >= MAX_PHONE_ANSWERS) phoneAnswers.clear()
  phoneAnswers.set(value, valid)
  return valid
}

/**
 * Builds every field's schema ahead of the first check, for a browser with time to spare,
 * and with a phone field makes libphonenumber's first check: that one compiles its parser,
 * about 20 ms of a phone's Next at Lighthouse's throttling, where a later check takes a few
 * (README, Benchmarks: interaction; docs/decisions/069).
 */
export function prepareFormSchemas(definition: FormDefinition, options: ValidationOptions): void {
  const fields = valueFields(definition).filter((field) => field.kind !== 'hidden')
  for (const field of fields) schemaFor(field, definition, options)
  if (fields.some((field) => field.kind === 'phone')) void isValidPhone(SAMPLE_PHONE)
}

/** The fields a submission (or one step) is checked against, given the current values. */
function fieldsToValidate(definition: FormDefinition, values: FormValues, page?: number) {
  const valueOf = (fieldId: string) => values[`input_${fieldId}`]
  return valueFields(definition).filter(
    (field) =>
      field.kind !== 'hidden' && field.visible && (page === undefined || field.pageNumber === page) && isFieldShown(field.logic, valueOf),
  )
}

/**
 * Field key → message, empty when the values are acceptable. Only a field with a value to
 * check needs its schema.
 */
export async function validateFormValues(
  definition: FormDefinition,
  values: FormValues,
  options: ValidationOptions,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {}
  for (const field of fieldsToValidate(definition, values, options.page)) {
    const value = values[field.key]
    let message: string | null = null
    if (isEmpty(value)) {
      if (field.required) message = options.messages.required
    } else {
      const result = await schemaFor(field, definition, options).safeParseAsync(value)
      if (!result.success) message = result.error.issues[0]?.message ?? options.messages.required
    }
    // Requirements §5: the field's own errorMessage takes priority.
    if (message) errors[field.key] = field.errorMessage ?? message
  }
  return errors
}

/** Today as yyyy-mm-dd in the visitor's own time zone. */
export function localToday(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
