import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { tv, type VariantProps } from 'tailwind-variants'
import { buttonBase, buttonVariants } from '../button-styles'
import { focusRing } from './utils'

const buttonStyles = tv({
  extend: focusRing,
  base: buttonBase,
  variants: { variant: buttonVariants },
  defaultVariants: { variant: 'primary' },
})

export interface ButtonProps extends AriaButtonProps, VariantProps<typeof buttonStyles> {}

export function Button({ variant, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (className, renderProps) => buttonStyles({ ...renderProps, variant, className }))}
    />
  )
}
