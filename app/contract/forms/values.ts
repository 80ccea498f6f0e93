/**
 * The form engine's view of a definition (app/contract/forms/definition.ts): the fields that
 * hold values, the steps, and the values a form starts with.
 */
import type { FormDefinition } from './definition'

export type { FormDefinition, FormField } from './definition'

/** The fields that hold a value the visitor enters (not page breaks). */
export const valueFields = (definition: FormDefinition) => definition.fields.filter((field) => field.kind !== 'page')

export const pageCount = (definition: FormDefinition) => Math.max(1, definition.steps.length)

export type FormValue = string | boolean | string[] | File | null
export type FormValues = Record<string, FormValue>

export function initialValues(definition: FormDefinition): FormValues {
  const values: FormValues = {}
  for (const field of valueFields(definition)) {
    values[field.key] =
      field.kind === 'checkbox' ? false : field.kind === 'checkboxes' ? [] : field.kind === 'file' ? null : field.defaultValue
  }
  return values
}
