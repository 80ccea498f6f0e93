/** The date field (SPEC §5: between the form's minimum, or today, and its maximum), in its own chunk. */
import { parseDate, type CalendarDate } from '@internationalized/date'
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
} from 'react-aria-components'
import { CalendarIcon } from '../components/icons'
import { m } from '../paraglide/messages'
import { FieldHelp, FieldLabel, inputClass, text, type FieldProps } from './fields'

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
      className="flex flex-col gap-1"
    >
      <FieldLabel field={field} />
      <Group className={`${inputClass} flex items-center justify-between gap-2 py-2 focus-within:border-brand-600`}>
        <DateInput className="flex">
          {(segment) => (
            <DateSegment
              segment={segment}
              className={({ isFocused, isPlaceholder }) =>
                `rounded px-0.5 tabular-nums outline-none ${isFocused ? 'bg-brand-700 text-white' : isPlaceholder ? 'text-ink-muted' : ''}`
              }
            />
          )}
        </DateInput>
        <AriaButton
          aria-label={m.form_date_calendar()}
          className="cursor-pointer rounded-lg p-1 text-brand-700 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-600"
        >
          <CalendarIcon size={20} />
        </AriaButton>
      </Group>
      <FieldHelp description={field.description} error={error} />
      <Popover className="rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
        <Dialog className="outline-none">
          <Calendar>
            <header className="mb-2 flex items-center justify-between gap-2">
              <AriaButton
                slot="previous"
                className="cursor-pointer rounded-lg px-2 py-1 font-bold text-brand-700 data-[disabled]:opacity-40"
              >
                ‹
              </AriaButton>
              <Heading className="font-bold text-ink" />
              <AriaButton slot="next" className="cursor-pointer rounded-lg px-2 py-1 font-bold text-brand-700 data-[disabled]:opacity-40">
                ›
              </AriaButton>
            </header>
            <CalendarGrid>
              {(date) => (
                <CalendarCell
                  date={date}
                  className="flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-sm text-ink outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-300 data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-600 data-[outside-month]:hidden data-[selected]:bg-brand-700 data-[selected]:text-white data-[unavailable]:text-slate-300"
                />
              )}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  )
}
