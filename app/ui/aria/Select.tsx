import type { ReactNode } from 'react'
import {
  Button,
  Select as AriaSelect,
  SelectValue,
  type SelectProps as AriaSelectProps,
  type ValidationResult,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { ChevronDownIcon } from '../icons'
import { Description, FieldError, fieldBoxStyles, Label } from './Field'
import { ListBox } from './ListBox'
import { Popover } from './Popover'
import { composeTailwindRenderProps } from './utils'

// A read-only form field is a disabled select: grey like a read-only text input (the
// box's `sunken` surface).
export const triggerStyles = tv({
  extend: fieldBoxStyles,
  base: 'flex items-center justify-between gap-2 text-start',
  variants: {
    isDisabled: { false: 'cursor-pointer', true: 'cursor-default' },
  },
})

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T>, 'children'> {
  label: ReactNode
  description?: string
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode)
  items?: Iterable<T>
  children: ReactNode | ((item: T) => ReactNode)
}

/** A select: a button showing the choice, and a list box in a popover as wide as the button. */
export function Select<T extends object>({ label, description, errorMessage, items, children, ...props }: SelectProps<T>) {
  return (
    <AriaSelect {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-1')}>
      {({ isInvalid }) => (
        <>
          <Label isRequired={props.isRequired}>{label}</Label>
          <Button
            className={(renderProps) => triggerStyles({ ...renderProps, isInvalid, surface: renderProps.isDisabled ? 'sunken' : 'plain' })}
          >
            <SelectValue className="truncate data-[placeholder]:text-ink-muted" />
            <ChevronDownIcon size={18} className="shrink-0 text-ink-muted" />
          </Button>
          {description && <Description>{description}</Description>}
          <FieldError>{errorMessage}</FieldError>
          <Popover className="w-(--trigger-width) overflow-auto p-1">
            <ListBox items={items}>{children}</ListBox>
          </Popover>
        </>
      )}
    </AriaSelect>
  )
}
