import type { ReactNode } from 'react'
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  composeRenderProps,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type CheckboxProps as AriaCheckboxProps,
  type ValidationResult,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { Description, FieldError, Label } from './Field'
import { composeTailwindRenderProps, focusRing } from './utils'

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children'> {
  label: ReactNode
  description?: string
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode)
  children: ReactNode
}

/** Several boxes under one label, with one description and one error. */
export function CheckboxGroup({ label, description, errorMessage, children, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-2')}>
      <Label isRequired={props.isRequired}>{label}</Label>
      {children}
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  )
}

export const checkboxStyles = tv({
  base: 'group flex items-start gap-3 text-ink',
  variants: {
    isDisabled: { false: 'cursor-pointer', true: 'cursor-default' },
  },
})

// One border colour in each state, the invalid one first (docs/decisions/065).
export const boxStyles = tv({
  extend: focusRing,
  base: 'flex h-6 w-6 shrink-0 items-center justify-center rounded-md border-2 text-white',
  variants: {
    isSelected: { false: 'bg-surface', true: 'bg-brand-700 dark:bg-brand-600' },
    isInvalid: { true: 'border-danger' },
  },
  compoundVariants: [
    { isInvalid: false, isSelected: false, class: 'border-control' },
    { isInvalid: false, isSelected: true, class: 'border-brand-700 dark:border-brand-600' },
  ],
})

function CheckMark() {
  return (
    <svg viewBox="0 0 18 18" aria-hidden="true" className="h-4 w-4 fill-none stroke-current stroke-[3]">
      <polyline points="2 9 7 14 16 4" />
    </svg>
  )
}

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children: ReactNode
}

/** A box and its label text; the whole row is the label, so a press anywhere on it toggles. */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => checkboxStyles({ ...renderProps, className }))}
    >
      {(renderProps) => (
        <>
          <span className={boxStyles(renderProps)}>{renderProps.isSelected && <CheckMark />}</span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  )
}
