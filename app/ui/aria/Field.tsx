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
import { cx, tv } from 'tailwind-variants/lite'
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
    <AriaLabel {...props} className={cx(labelStyles, className)}>
      {children}
      {isRequired && <RequiredMark />}
    </AriaLabel>
  )
}

export function Description({ className, ...props }: TextProps) {
  return <Text {...props} slot="description" className={cx(descriptionStyles, className)} />
}

/** Shown by React Aria only while its field is invalid: not before the visitor has tried. */
export function FieldError({ className, ...props }: FieldErrorProps) {
  return <AriaFieldError {...props} className={composeTailwindRenderProps(className, errorStyles)} />
}

/**
 * The box of a text-like control: grey, blue while focused, red while invalid (React Aria's
 * states, so a field is never red before the visitor tried), and the shared focus ring for
 * keyboard focus. Its border colour is one class in each state, the invalid one first
 * (docs/decisions/065: class lists are joined, not merged).
 *
 * `shape`: `box` for an input or textarea; `group` for a box of several controls (the
 * date's segments and its calendar button), a little shorter as the button has its own
 * padding; `pill`, the search overlay's large rounded input; `wrap`, a box sized by the
 * native control it holds (the phone number's country select). `surface`: `sunken` for a
 * control that is read-only (a text input shows it by CSS, `read-only:`).
 */
export const fieldBoxStyles = tv({
  extend: focusRing,
  base: 'border-2 text-ink',
  variants: {
    surface: { plain: 'bg-surface', sunken: 'bg-surface-sunken' },
    shape: {
      box: 'w-full rounded-xl px-4 py-2.5',
      group: 'w-full rounded-xl px-4 py-2',
      pill: 'w-full rounded-full px-5 py-3 text-lg',
      wrap: 'rounded-xl',
    },
    isFocused: { true: '' },
    isFocusWithin: { true: '' },
    isInvalid: { true: 'border-danger' },
  },
  compoundVariants: [
    { isInvalid: false, isFocused: false, isFocusWithin: false, class: 'border-control' },
    { isInvalid: false, isFocused: true, class: 'border-focus' },
    { isInvalid: false, isFocused: false, isFocusWithin: true, class: 'border-focus' },
  ],
  defaultVariants: { shape: 'box', surface: 'plain' },
})

/** Typed-in text: a muted placeholder, and a grey surface when the field is read-only. */
export const textInputStyles = tv({
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

/** A text input's shape: the form's box, or the search overlay's pill. */
export type InputShape = 'box' | 'pill'

export function Input({ shape, ...props }: InputProps & { shape?: InputShape }) {
  return (
    <AriaInput
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => textInputStyles({ ...renderProps, shape, className }))}
    />
  )
}

/**
 * React Aria's TextField learns that its input is a textarea only once it has mounted;
 * until then (so in the server HTML) it hands the textarea an input's `type`, which HTML
 * does not allow on `<textarea>`. The textarea takes the field's props without it.
 */
export function TextArea({ shape, ...props }: TextAreaProps & { shape?: InputShape }) {
  // `type` is not in the context's declared props, but React Aria puts it there at run time.
  const { type: _inputType, ...fieldProps } = { type: undefined, ...useSlottedContext(TextAreaContext) }
  return (
    <TextAreaContext.Provider value={fieldProps}>
      <AriaTextArea
        {...props}
        className={composeRenderProps(props.className, (className, renderProps) => textInputStyles({ ...renderProps, shape, className }))}
      />
    </TextAreaContext.Provider>
  )
}

/** A box holding several controls (the date's segments and its calendar button). */
export function FieldGroup(props: GroupProps) {
  return (
    <Group
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        fieldBoxStyles({ ...renderProps, shape: 'group', className }),
      )}
    />
  )
}
