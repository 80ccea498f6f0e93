/**
 * Requirements §3: which kind of input a form field is. One rule for the browser's form engine
 * (app/forms) and the embedded CMS's validation (cms/form-validation.ts), so the two can never
 * disagree about a field.
 */

/** How a field is rendered and validated. `page` is a step break (requirements §3 pagination) and holds no value. */
export type FieldKind =
  'text' | 'email' | 'name' | 'phone' | 'textarea' | 'password' | 'hidden' | 'page' | 'date' | 'select' | 'checkbox' | 'checkboxes' | 'file'

export interface FieldKindInput {
  type: string
  fieldType?: string | null
  label?: string | null
  options?: readonly unknown[] | null
}

/**
 * `fieldType` (date, select, booleancheckbox, file) wins over `type`; Gravity Forms' own
 * type names (radio, fileupload, consent, number, website) are read the same way. A
 * checkbox with two or more options is a list of choices, with one it is a single tick
 * (consent). Anything else (layout-only fields such as section and html, or a captcha
 * the site cannot render) is null: nothing is rendered, sent or accepted for it.
 */
export function fieldKindOf(field: FieldKindInput): FieldKind | null {
  const ticks = (): FieldKind => ((field.options?.length ?? 0) > 1 ? 'checkboxes' : 'checkbox')
  switch (field.fieldType) {
    case 'date':
    case 'select':
    case 'file':
      return field.fieldType
    case 'booleancheckbox':
      return ticks()
  }
  switch (field.type) {
    case 'email':
    case 'name':
    case 'phone':
    case 'textarea':
    case 'password':
    case 'hidden':
    case 'page':
    case 'date':
    case 'select':
      return field.type
    case 'radio':
      return 'select'
    case 'fileupload':
      return 'file'
    case 'checkbox':
    case 'consent':
      return ticks()
    case 'text':
    case 'number':
    case 'website':
      // Requirements §5: a field labelled "email" (any case) is an email field.
      return (field.label ?? '').trim().toLowerCase() === 'email' ? 'email' : 'text'
    default:
      return null
  }
}

/** Fields that hold a value the visitor enters or the form sends (not step breaks or layout). */
export const holdsValue = (kind: FieldKind | null): kind is Exclude<FieldKind, 'page'> => kind !== null && kind !== 'page'
