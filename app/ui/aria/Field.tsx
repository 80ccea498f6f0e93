/**
 * The parts every field is made of (as in the react-aria-components Tailwind starter):
 * label, description, error, and the box a text-like control sits in. Inside a React Aria
 * field they are wired to its input by the field itself (ids, aria-describedby).
 */
import {
  FieldError as AriaFieldError,
  Group,
  Input as AriaInput,
  Label as AriaLabel,
  TextArea as AriaTextArea,
  TextAreaContext,
  Text,
  composeRenderProps,
  useSlottedContext,
  type FieldErrorProps,
  type GroupProps,
  type InputProps,
  type LabelProps as AriaLabelProps,
  type TextAreaProps,
  type TextProps,
} from 'react-aria-components'
import { tv, twMerge } from 'tailwind-variants'
import { composeTailwindRenderProps, focusRing } from './utils'

export const labelStyles = 'font-bold text-ink'
export const descriptionStyles = 'text-sm text-ink-muted'
export const errorStyles = 'text-sm font-bold text-danger'

/** Requirements §5: required labels get an asterisk (hidden from screen readers, which announce "required"). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {' '}
      *
    </span>
  )
}

export interface LabelProps extends AriaLabelProps {
  isRequired?: boolean
}

export function Label({ isRequired = false, children, className, ...props }: LabelProps) {
  return (
    <AriaLabel {...props} className={twMerge(labelStyles, className)}>
      {children}
      {isRequired && <RequiredMark />}
    </AriaLabel>
  )
}

export function Description({ className, ...props }: TextProps) {
  return <Text {...props} slot="description" className={twMerge(descriptionStyles, className)} />
}

/** Shown by React Aria only while its field is invalid: not before the visitor has tried. */
export function FieldError({ className, ...props }: FieldErrorProps) {
  return <AriaFieldError {...props} className={composeTailwindRenderProps(className, errorStyles)} />
}

/**
 * The box of a text-like control: grey, blue while focused, red while invalid (React Aria's
 * states, so a field is never red before the visitor tried), and the shared focus ring for
 * keyboard focus.
 */
export const fieldBoxStyles = tv({
  extend: focusRing,
  base: 'w-full rounded-xl border-2 border-control bg-surface px-4 py-2.5 text-ink',
  variants: {
    isFocused: { true: 'border-focus' },
    isFocusWithin: { true: 'border-focus' },
    isInvalid: { true: 'border-danger' },
  },
})

/** Typed-in text: a muted placeholder, and a grey surface when the field is read-only. */
const textInputStyles = tv({
  extend: fieldBoxStyles,
  base: 'placeholder:text-ink-muted read-only:bg-surface-sunken',
})

/**
 * For the few inputs React Aria does not render (the phone number, the file), CSS states
 * stand in for its render props: `aria-invalid` is set only once the form has checked.
 */
export const nativeInputStyles = tv({
  extend: fieldBoxStyles,
  base: 'placeholder:text-ink-muted focus:border-focus focus-visible:outline-3 aria-[invalid=true]:border-danger',
})

export function Input(props: InputProps) {
  return (
    <AriaInput
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => textInputStyles({ ...renderProps, className }))}
    />
  )
}

/**
 * React Aria's TextField learns that its input is a textarea only once it has mounted;
 * until then (so in the server HTML) it hands the textarea an input's `type`, which HTML
 * does not allow on `<textarea>`. The textarea takes the field's props without it.
 */
export function TextArea(props: TextAreaProps) {
  // `type` is not in the context's declared props, but React Aria puts it there at run time.
  const { type: _inputType, ...fieldProps } = { type: undefined, ...useSlottedContext(TextAreaContext) }
  return (
    <TextAreaContext.Provider value={fieldProps}>
      <AriaTextArea
        {...props}
        className={composeRenderProps(props.className, (className, renderProps) => textInputStyles({ ...renderProps, className }))}
      />
    </TextAreaContext.Provider>
  )
}

/** A box holding several controls (the date's segments and its calendar button). */
export function FieldGroup(props: GroupProps) {
  return (
    <Group
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => fieldBoxStyles({ ...renderProps, className }))}
    />
  )
}
