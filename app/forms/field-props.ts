/**
 * What every field view receives from the form. Its own module so that the field views
 * loaded in their own chunks (date, phone) and the ones that load them import it, not
 * each other.
 */
import type { FormField, FormValue } from '../contract/forms/values'

export interface FieldProps {
  field: FormField
  value: FormValue
  error: string | null
  onChange: (value: FormValue) => void
  minDate?: string | null
  maxDate?: string | null
}

export const text = (value: FormValue) => (typeof value === 'string' ? value : '')
