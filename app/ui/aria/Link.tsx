/**
 * Links (as in the react-aria-components Tailwind starter): a styled React Aria Link
 * for plain hrefs, and `RouterLink`, the same link made router-aware by TanStack Router's
 * `createLink` (typed `to` and `params`, the locale prefix, preloading on intent).
 */
import { createLink } from '@tanstack/react-router'
import { Link as AriaLink, composeRenderProps, type LinkProps as AriaLinkProps } from 'react-aria-components'
import { tv, type VariantProps } from 'tailwind-variants'
import { focusRing } from './utils'

export const linkStyles = tv({
  extend: focusRing,
  base: '',
  variants: {
    variant: {
      /** Looks are up to the caller (navigation, cards, buttons). */
      plain: '',
      /** A link in running text. */
      inline: 'font-bold text-link underline underline-offset-2 hover:text-link-hover',
    },
  },
  defaultVariants: { variant: 'plain' },
})

export interface LinkProps extends AriaLinkProps, VariantProps<typeof linkStyles> {}

export function Link({ variant, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => linkStyles({ ...renderProps, variant, className }))}
    />
  )
}

export const RouterLink = createLink(Link)
