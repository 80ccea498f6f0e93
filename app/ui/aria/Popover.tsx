import { Popover as AriaPopover, composeRenderProps, type PopoverProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'

export const popoverStyles = tv({
  base: 'rounded-xl border border-line bg-surface-raised outline-none',
  variants: {
    // A menu floats a little higher than a select's options or a calendar.
    elevation: { raised: 'shadow-lg', high: 'shadow-xl' },
  },
  defaultVariants: { elevation: 'raised' },
})

/** A floating panel under its trigger (a menu, a select's options, a calendar). */
export function Popover({ elevation, ...props }: PopoverProps & { elevation?: 'raised' | 'high' }) {
  return (
    <AriaPopover
      offset={8}
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => popoverStyles({ ...renderProps, elevation, className }))}
    />
  )
}
