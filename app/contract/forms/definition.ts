/**
 * Requirements §3: a form definition (shortcode data by id) and its fields, as the form engine
 * uses them. reshape.ts reads every definition a page or popup carries into this model on
 * the server (`parseFormDefinition`), so the browser gets it ready to use; a definition
 * it cannot use is null, and the form shows as unavailable rather than half-rendered.
 * Its texts (title, labels, placeholders, button) are plain text, decoded once like every
 * other (`decodeText`); option values are sent back as given.
 */
import { parseConditionalLogic, type ConditionalLogic } from './conditional-logic'
import { fieldKindOf, type FieldKind } from './fields'
import { decodeText } from '../sanitize'
import { wireFormDefinition } from '../wire-forms'

interface FormFieldOption {
  label: string
  value: string
}

export interface FormField {
  id: string
  /** The form value's key, and the submission's: `input_{id}`. */
  key: string
  /** The backend's field name (account forms send these: email, password…). */
  name: string
  label: string
  kind: FieldKind
  placeholder: string
  description: string
  required: boolean
  readOnly: boolean
  /** `visibility: hidden` (Gravity Forms' administrative fields) is not rendered but still sent. */
  visible: boolean
  cssClass: string
  pageNumber: number
  logic: ConditionalLogic | null
  options: FormFieldOption[]
  errorMessage: string | null
  /** Gravity Forms' default value: what a read-only field shows and sends. */
  defaultValue: string
}

/** Requirements §5: the form type is chosen by api_url. */
type FormType = 'login' | 'register' | 'recover' | 'reset' | 'standard'

export interface FormDefinition {
  id: string
  title: string
  cssClass: string
  type: FormType
  buttonText: string
  fields: FormField[]
  /** Step titles of a multi-step form (pagination type steps), else empty. */
  steps: string[]
  minimumDate: string | null
  maximumDate: string | null
}

const inputKey = (id: string) => `input_${id.replace(/\D/g, '')}`

function formTypeOf(apiUrl: string): FormType {
  const name =
    apiUrl
      .trim()
      .toLowerCase()
      .replace(/^\/+|\/+$/g, '')
      .split('/')
      .pop() ?? ''
  if (name === 'login' || name === 'register' || name === 'recover' || name === 'reset') return name
  if (name === 'forgot') return 'recover'
  if (name === 'reset-password') return 'reset'
  return 'standard'
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/

export function parseFormDefinition(raw: unknown, fallbackId = ''): FormDefinition | null {
  const parsed = wireFormDefinition.safeParse(raw)
  if (!parsed.success) return null
  const wire = parsed.data
  const steps = wire.pagination?.type === 'steps' ? (wire.pagination.pages ?? []) : []
  const fields: FormField[] = []
  let pageNumber = 1
  for (const field of wire.fields) {
    const options = (field.options ?? []).map((option) => ({ label: decodeText(option.label), value: option.value }))
    const kind = fieldKindOf(field)
    if (!kind) continue
    if (kind === 'page') pageNumber += 1
    const classes = field.cssClass.split(/\s+/)
    const id = String(field.id)
    fields.push({
      id,
      key: inputKey(id),
      name: field.name?.trim() || inputKey(id),
      label: decodeText(field.label),
      kind,
      placeholder: decodeText(field.placeholder ?? ''),
      description: typeof field.description === 'string' ? decodeText(field.description.slice(0, 1000)) : '',
      required: field.isRequired,
      readOnly: classes.includes('readonly'),
      visible: field.visibility !== 'hidden' && field.visibility !== 'administrative',
      cssClass: field.cssClass,
      pageNumber: kind === 'page' ? pageNumber : (field.pageNumber ?? pageNumber),
      logic: parseConditionalLogic(field.conditionalLogic),
      options,
      errorMessage: decodeText(field.errorMessage ?? '') || null,
      defaultValue: typeof field.defaultValue === 'string' ? field.defaultValue.slice(0, 1000) : '',
    })
  }
  const pages = Math.max(1, ...fields.map((field) => field.pageNumber))
  return {
    id: String(wire.id ?? fallbackId),
    title: decodeText(wire.title),
    cssClass: wire.cssClass,
    type: formTypeOf(wire.api_url),
    buttonText: decodeText(wire.button?.text ?? ''),
    fields,
    steps: pages > 1 ? Array.from({ length: pages }, (_, index) => decodeText(steps[index] ?? '')) : [],
    minimumDate: wire.minimum_date && isoDate.test(wire.minimum_date) ? wire.minimum_date : null,
    maximumDate: wire.maximum_date && isoDate.test(wire.maximum_date) ? wire.maximum_date : null,
  }
}

/** Every definition of a page's or popup's shortcode_data, by id; null where one cannot be used. */
export function parseFormDefinitions(raw: Record<string, unknown>): Record<string, FormDefinition | null> {
  return Object.fromEntries(Object.entries(raw).map(([id, definition]) => [id, parseFormDefinition(definition, id)]))
}
