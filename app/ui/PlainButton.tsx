/**
 * A native button with the site's button looks, for the first-load shell (the menu,
 * search, support and consent triggers): the browser's own keyboard and focus behaviour,
 * no React Aria until a widget needs it (docs/decisions/009).
 */
import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { buttonBase, buttonPadding, buttonVariants, type ButtonVariant } from './button-styles'

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  /** Instead of the variant's own padding (button-styles.ts). */
  padding?: string
}

export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'primary', padding = buttonPadding[variant], className, type = 'button', ...props },
  ref,
) {
  return (
    <button ref={ref} type={type} {...props} className={`${buttonBase} ${buttonVariants[variant]} ${padding} ${className ?? ''}`.trim()} />
  )
})
