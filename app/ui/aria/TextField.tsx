import type { ReactNode } from 'react'
import { TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps, type ValidationResult } from 'react-aria-components'
import { Description, FieldError, Input, Label, TextArea, type InputShape } from './Field'
import { composeTailwindRenderProps } from './utils'

export interface TextFieldProps extends AriaTextFieldProps {
  label: ReactNode
  /** Keep the label for screen readers only (the placeholder and the context name the field). */
  hideLabel?: boolean
  description?: string
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode)
  /** A `<textarea>` instead of a one-line input. */
  multiline?: boolean
  placeholder?: string
  autoComplete?: string
  enterKeyHint?: 'enter' | 'done' | 'go' | 'next' | 'previous' | 'search' | 'send'
  /** `pill`: the large rounded input of the search overlay, its messages indented to its text. */
  shape?: InputShape
  /** Classes for the input or textarea itself (a textarea's height). */
  inputClassName?: string
}

/** Where the description and error start: under the pill's text, which is indented by its rounding. */
const helpIndent = { box: undefined, pill: 'px-5' }

/** A text field: label, input (or textarea), description and error, wired by React Aria. */
export function TextField({
  label,
  hideLabel = false,
  description,
  errorMessage,
  multiline = false,
  placeholder,
  autoComplete,
  enterKeyHint,
  shape = 'box',
  inputClassName,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-1')}>
      <Label isRequired={props.isRequired && !hideLabel} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      {multiline ? (
        <TextArea placeholder={placeholder} shape={shape} className={inputClassName} />
      ) : (
        <Input placeholder={placeholder} autoComplete={autoComplete} enterKeyHint={enterKeyHint} shape={shape} className={inputClassName} />
      )}
      {description && <Description className={helpIndent[shape]}>{description}</Description>}
      <FieldError className={helpIndent[shape]}>{errorMessage}</FieldError>
    </AriaTextField>
  )
}
