import { Popover as AriaPopover, composeRenderProps, type PopoverProps } from 'react-aria-components'
import { tv } from 'tailwind-variants'

const popoverStyles = tv({
  base: 'rounded-xl border border-line bg-surface-raised shadow-lg outline-none',
})

/** A floating panel under its trigger (a menu, a select's options, a calendar). */
export function Popover(props: PopoverProps) {
  return (
    <AriaPopover
      offset={8}
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => popoverStyles({ ...renderProps, className }))}
    />
  )
}
