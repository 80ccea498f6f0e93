/**
 * A native button with the site's button looks, for the first-load shell (the menu,
 * search, support and consent triggers): the browser's own keyboard and focus behaviour,
 * no React Aria until a widget needs it (docs/decisions/009).
 */
import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { buttonBase, buttonVariants, type ButtonVariant } from './button-styles'

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
}

export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'primary', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} {...props} className={`${buttonBase} ${buttonVariants[variant]} ${className ?? ''}`.trim()} />
})
