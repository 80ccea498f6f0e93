/**
 * Shared styling helpers for the React Aria wrappers (as in the react-aria-components
 * Tailwind starter): one focus ring, and render-prop class names joined to ours.
 *
 * Class lists are joined, never merged: each style is written so that no two of its
 * classes set the same thing in any state, and a caller's classes add to it rather than
 * override it. The browser then needs no class-merge engine (docs/decisions/065); the
 * tests check every state of every style, and every element the e2e suite checks with axe.
 */
import { composeRenderProps } from 'react-aria-components'
import { cx, tv } from 'tailwind-variants/lite'

/**
 * The ring a control shows under keyboard focus (React Aria's `isFocusVisible`, not on a
 * click): the same 3px ring the base stylesheet gives native elements on `:focus-visible`.
 */
export const focusRing = tv({
  base: 'outline-offset-2 outline-focus',
  variants: {
    isFocusVisible: { false: 'outline-0', true: 'outline-3' },
  },
  defaultVariants: { isFocusVisible: false },
})

/**
 * The same ring drawn inside an item of a list or menu (React Aria's `isFocusVisible`), where the
 * scrolling box would clip one outside; the item's tint alone is faint on the dark theme.
 */
export const insetFocusRing = 'outline-2 -outline-offset-2 outline-focus outline-solid'

export function composeTailwindRenderProps<T>(
  className: string | ((values: T) => string) | undefined,
  tailwind: string,
): string | ((values: T) => string) {
  return composeRenderProps(className, (value) => cx(tailwind, value))
}
