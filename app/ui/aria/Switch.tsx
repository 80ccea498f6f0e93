import type { ReactNode } from 'react'
import { Switch as AriaSwitch, composeRenderProps, type SwitchProps as AriaSwitchProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { focusRing } from './utils'

export const switchStyles = tv({
  base: 'group flex items-center justify-between gap-4',
  variants: {
    isDisabled: { false: 'cursor-pointer', true: 'cursor-default' },
  },
})

export const trackStyles = tv({
  extend: focusRing,
  // Forced colours drop backgrounds: the track gets a border and the handle a system colour.
  base: 'flex h-7 w-12 shrink-0 items-center rounded-full p-1 transition-colors motion-reduce:transition-none forced-colors:border forced-colors:border-[ButtonText] forced-colors:p-[3px]',
  variants: {
    isSelected: {
      false: 'bg-control',
      true: 'bg-brand-700 dark:bg-brand-600 forced-colors:bg-[Highlight] forced-colors:forced-color-adjust-none',
    },
    isDisabled: { true: 'opacity-60' },
  },
})

export const handleStyles = tv({
  base: 'h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none forced-colors:forced-color-adjust-none',
  variants: {
    isSelected: { false: 'forced-colors:bg-[ButtonText]', true: 'translate-x-5 forced-colors:bg-[HighlightText]' },
  },
})

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  children: ReactNode
}

/** An on/off switch: its label text first, the track at the end of the row. */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <AriaSwitch
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) => switchStyles({ ...renderProps, className }))}
    >
      {(renderProps) => (
        <>
          {children}
          <span aria-hidden="true" className={trackStyles(renderProps)}>
            <span className={handleStyles(renderProps)} />
          </span>
        </>
      )}
    </AriaSwitch>
  )
}
