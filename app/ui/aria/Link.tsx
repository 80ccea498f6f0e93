/**
 * The links' styles (as in the react-aria-components Tailwind starter): a form's links
 * (app/forms/fields.tsx) use them; the site's own links are plain anchors (app/ui/cms-link.tsx).
 */
import { tv } from 'tailwind-variants/lite'
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
