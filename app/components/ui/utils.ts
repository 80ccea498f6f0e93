/**
 * Shared styling helpers for the React Aria wrappers (STYLE.md, the react-aria-components
 * Tailwind starter): one focus ring, and render-prop class names merged with ours.
 */
import { composeRenderProps } from 'react-aria-components'
import { twMerge } from 'tailwind-merge'
import { tv } from 'tailwind-variants'

export const focusRing = tv({
  base: 'outline-3 outline-offset-2 outline-brand-600',
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline' },
  },
})

export function composeTailwindRenderProps<T>(
  className: string | ((values: T) => string) | undefined,
  tailwind: string,
): string | ((values: T) => string) {
  return composeRenderProps(className, (value) => twMerge(tailwind, value))
}
