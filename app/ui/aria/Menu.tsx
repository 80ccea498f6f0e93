import type { RefObject } from 'react'
import { Menu as AriaMenu, MenuItem as AriaMenuItem, type MenuItemProps, type MenuProps } from 'react-aria-components'
import { tv } from 'tailwind-variants/lite'
import { CheckIcon } from '../icons'
import { Popover } from './Popover'
import { insetFocusRing } from './utils'

// The text is tinted while the item is focused or selected: one colour class in each state
// (docs/decisions/065).
export const itemStyles = tv({
  base: 'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-bold',
  variants: {
    isFocused: { true: 'bg-tint' },
    isFocusVisible: { false: 'outline-none', true: insetFocusRing },
    isSelected: { true: '' },
  },
  compoundVariants: [
    { isFocused: false, isSelected: false, class: 'text-ink-soft' },
    { isFocused: true, class: 'text-on-tint' },
    { isFocused: false, isSelected: true, class: 'text-on-tint' },
  ],
})

export interface SiteMenuProps<T extends object> extends MenuProps<T> {
  placement?: 'bottom start' | 'bottom end'
  /** Opened by a trigger outside React Aria (a native button): its element, and the open state. */
  triggerRef?: RefObject<HTMLElement | null>
  isOpen?: boolean
  onOpenChange?: (isOpen: boolean) => void
}

/** A menu in a popover (arrow keys move, Enter or Space picks, Escape closes and returns focus). */
export function Menu<T extends object>(props: SiteMenuProps<T>) {
  const { placement = 'bottom start', triggerRef, isOpen, onOpenChange, ...rest } = props
  return (
    <Popover
      placement={placement}
      offset={6}
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      elevation="high"
      className="min-w-52 p-1.5"
      // React Aria gives the popover the dialog role: it is named after its menu.
      aria-label={rest['aria-label']}
    >
      <AriaMenu {...rest} className="max-h-[70vh] overflow-auto outline-none" />
    </Popover>
  )
}

export function MenuItem(props: MenuItemProps) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined)
  const { children } = props
  return (
    <AriaMenuItem {...props} textValue={textValue} className={(renderProps) => itemStyles(renderProps)}>
      {(renderProps) => (
        <>
          {typeof children === 'function' ? children(renderProps) : children}
          {/* The selected item of a single-choice menu is marked by more than colour (and in forced colours). */}
          {renderProps.selectionMode !== 'none' && (
            <CheckIcon size={16} className={`ml-auto shrink-0 ${renderProps.isSelected ? '' : 'invisible'}`} />
          )}
        </>
      )}
    </AriaMenuItem>
  )
}
