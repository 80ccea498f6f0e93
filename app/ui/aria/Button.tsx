import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { cx, tv, type VariantProps } from 'tailwind-variants/lite'
import { buttonBase, buttonPadding, buttonVariants } from '../button-styles'
import { focusRing } from './utils'

export const buttonStyles = tv({
  extend: focusRing,
  base: buttonBase,
  variants: { variant: buttonVariants },
  defaultVariants: { variant: 'primary' },
})

export interface ButtonProps extends AriaButtonProps, VariantProps<typeof buttonStyles> {
  /** Instead of the variant's own padding (button-styles.ts). */
  padding?: string
}

export function Button({ variant = 'primary', padding = buttonPadding[variant], className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (className, renderProps) =>
        buttonStyles({ ...renderProps, variant, className: cx(padding, className) }),
      )}
    />
  )
}
