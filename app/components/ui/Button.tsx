import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components'
import { tv, type VariantProps } from 'tailwind-variants'
import { focusRing } from './utils'

export const buttonStyles = tv({
  extend: focusRing,
  base: 'inline-flex cursor-pointer items-center justify-center gap-2 rounded-full font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
  variants: {
    variant: {
      primary: 'pressed:bg-brand-900 bg-brand-700 px-6 py-3 text-white hover:bg-brand-800',
      accent: 'bg-accent px-6 py-3 text-ink hover:bg-amber-400',
      secondary: 'border-2 border-brand-700 px-6 py-2.5 text-brand-700 hover:bg-brand-50',
      quiet: 'px-3 py-2 text-ink-soft hover:bg-slate-100 hover:text-ink',
      icon: 'h-11 w-11 text-ink-soft hover:bg-slate-100 hover:text-ink',
      inverse: 'px-3 py-1.5 text-slate-100 hover:bg-white/10',
    },
  },
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
