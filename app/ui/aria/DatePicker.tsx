/**
 * The date picker with the parts it is made of (typed-in date segments, a calendar in a
 * popover). Only forms with a date field load it, in their own chunk with the calendar data.
 */
import type { ReactNode } from 'react'
import {
  Button,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  DateInput as AriaDateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Heading,
  type CalendarProps as AriaCalendarProps,
  type DateInputProps,
  type DatePickerProps as AriaDatePickerProps,
  type DateValue,
  type ValidationResult,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { CalendarIcon } from '../icons'
import { Description, FieldError, FieldGroup, Label } from './Field'
import { Popover } from './Popover'
import { composeTailwindRenderProps, focusRing } from './utils'

// A focused segment is white on blue, placeholder or not (docs/decisions/065: one colour class).
export const segmentStyles = tv({
  base: 'rounded px-0.5 tabular-nums outline-none',
  variants: {
    isPlaceholder: { true: '' },
    isFocused: { true: 'bg-brand-700 text-white' },
  },
  compoundVariants: [{ isFocused: false, isPlaceholder: true, class: 'text-ink-muted' }],
})

/** The date typed in segment by segment (arrow keys or digits), in the visitor's locale order. */
function DateInput({ className, ...props }: Omit<DateInputProps, 'children'>) {
  return (
    <AriaDateInput {...props} className={composeTailwindRenderProps(className, 'flex')}>
      {(segment) => <DateSegment segment={segment} className={(renderProps) => segmentStyles(renderProps)} />}
    </AriaDateInput>
  )
}

export const iconButtonStyles = tv({
  extend: focusRing,
  base: 'rounded-lg text-link',
  variants: {
    isDisabled: { false: 'cursor-pointer', true: 'cursor-default opacity-40' },
  },
})

export const cellStyles = tv({
  extend: focusRing,
  base: 'h-9 w-9 items-center justify-center rounded-full text-sm',
  variants: {
    isSelected: { true: 'bg-brand-700' },
    isDisabled: { false: 'cursor-pointer', true: 'cursor-default' },
    isUnavailable: { true: '' },
    isOutsideMonth: { false: 'flex', true: 'hidden' },
  },
  // One text colour in each state, as the merged classes gave before (docs/decisions/065):
  // greyed out when disabled or unavailable, white when selected, else the ink.
  compoundVariants: [
    { isDisabled: true, class: 'text-ink-disabled' },
    { isDisabled: false, isUnavailable: true, class: 'text-ink-disabled' },
    { isDisabled: false, isUnavailable: false, isSelected: true, class: 'text-white' },
    { isDisabled: false, isUnavailable: false, isSelected: false, class: 'text-ink' },
  ],
})

/** A month grid with previous and next buttons; days outside the allowed range are greyed out. */
function Calendar<T extends DateValue>(props: Omit<AriaCalendarProps<T>, 'visibleDuration'>) {
  return (
    <AriaCalendar {...props}>
      <header className="mb-2 flex items-center justify-between gap-2">
        <Button slot="previous" className={(renderProps) => iconButtonStyles({ ...renderProps, className: 'px-2 py-1 font-bold' })}>
          ‹
        </Button>
        <Heading className="font-bold text-ink" />
        <Button slot="next" className={(renderProps) => iconButtonStyles({ ...renderProps, className: 'px-2 py-1 font-bold' })}>
          ›
        </Button>
      </header>
      <CalendarGrid>{(date) => <CalendarCell date={date} className={(renderProps) => cellStyles(renderProps)} />}</CalendarGrid>
    </AriaCalendar>
  )
}

export interface DatePickerProps<T extends DateValue> extends AriaDatePickerProps<T> {
  label: ReactNode
  description?: string
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode)
  /** The accessible name of the button that opens the calendar. */
  calendarLabel: string
}

export function DatePicker<T extends DateValue>({ label, description, errorMessage, calendarLabel, ...props }: DatePickerProps<T>) {
  return (
    <AriaDatePicker {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-1')}>
      <Label isRequired={props.isRequired}>{label}</Label>
      <FieldGroup className="flex items-center justify-between gap-2 py-2">
        <DateInput />
        <Button aria-label={calendarLabel} className={(renderProps) => iconButtonStyles({ ...renderProps, className: 'p-1' })}>
          <CalendarIcon size={20} />
        </Button>
      </FieldGroup>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className="p-3">
        <Dialog className="outline-none">
          <Calendar />
        </Dialog>
      </Popover>
    </AriaDatePicker>
  )
}
