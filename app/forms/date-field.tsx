/** The date field (requirements §5: between the form's minimum, or today, and its maximum), in its own chunk. */
import { parseDate, type CalendarDate } from '@internationalized/date'
import { DatePicker } from '../ui/aria/DatePicker'
import { m } from '../paraglide/messages'
import { text, type FieldProps } from './field-props'

function toCalendarDate(value: string | null | undefined): CalendarDate | null {
  if (!value) return null
  try {
    return parseDate(value)
  } catch {
    return null
  }
}

export default function DateField({ field, value, error, onChange, minDate, maxDate }: FieldProps) {
  return (
    <DatePicker
      name={field.key}
      value={toCalendarDate(text(value))}
      onChange={(date) => onChange(date ? date.toString() : '')}
      minValue={toCalendarDate(minDate) ?? undefined}
      maxValue={toCalendarDate(maxDate) ?? undefined}
      isRequired={field.required}
      isReadOnly={field.readOnly}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      granularity="day"
      label={field.label}
      description={field.description}
      errorMessage={error}
      calendarLabel={m.form_date_calendar()}
    />
  )
}
