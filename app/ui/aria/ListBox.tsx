import {
  ListBox as AriaListBox,
  ListBoxItem as AriaListBoxItem,
  composeRenderProps,
  type ListBoxItemProps,
  type ListBoxProps,
} from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { composeTailwindRenderProps, insetFocusRing } from './utils'

export function ListBox<T extends object>(props: ListBoxProps<T>) {
  return <AriaListBox {...props} className={composeTailwindRenderProps(props.className, 'outline-none')} />
}

export const itemStyles = tv({
  base: 'rounded-lg px-3 py-2',
  variants: {
    isFocused: { true: 'bg-tint' },
    isFocusVisible: { false: 'outline-none', true: insetFocusRing },
    isSelected: { true: 'font-bold' },
    isDisabled: { false: 'cursor-pointer text-ink', true: 'cursor-default text-ink-muted' },
  },
})

export function ListBoxItem(props: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined)
  return (
    <AriaListBoxItem
      {...props}
      textValue={textValue}
      className={composeRenderProps(props.className, (className, renderProps) => itemStyles({ ...renderProps, className }))}
    />
  )
}
