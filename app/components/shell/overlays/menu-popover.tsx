/**
 * A dropdown menu opened by a native trigger in the shell (the primary navigation's
 * sub-items, the language menu): React Aria's Menu in a Popover, loaded on the trigger's
 * first hover, focus or press. Arrow keys move, Enter or Space picks, Escape closes, and
 * focus returns to the trigger.
 */
import { useEffect, type ReactNode, type RefObject } from 'react'
import { AriaProviders } from '../../../ui/aria/aria-providers'
import { Menu, MenuItem } from '../../../ui/aria/Menu'

interface MenuEntry {
  id: string
  label: ReactNode
  /** What typeahead matches and screen readers read when the label is not plain text. */
  textValue: string
  href?: string
  newTab?: boolean
}

export interface MenuPopoverProps {
  triggerRef: RefObject<HTMLButtonElement | null>
  label: string
  entries: MenuEntry[]
  /** `first` when opened from the keyboard, so the first item has focus. */
  autoFocus: boolean | 'first' | 'last'
  onClose: () => void
  onAction?: (id: string) => void
  selectedKey?: string
  placement?: 'bottom start' | 'bottom end'
  /** Arrow keys pressed on the trigger while this code was loading (useMenuTrigger). */
  takeQueuedKeys?: () => string[]
}

/**
 * Replays keys pressed before the menu could take them, once focus is inside it: a
 * keyboard user's "Enter, ArrowDown" lands where it would have with the code already here.
 */
function useQueuedKeys(takeQueuedKeys: (() => string[]) | undefined) {
  useEffect(() => {
    if (!takeQueuedKeys) return
    let frame = 0
    let tries = 0
    const replay = () => {
      const focused = document.activeElement
      if (!focused?.closest('[role="menu"]')) {
        // React Aria moves focus in just after mounting; wait a few frames for it.
        if (++tries < 30) frame = requestAnimationFrame(replay)
        return
      }
      for (const key of takeQueuedKeys()) focused.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
    }
    frame = requestAnimationFrame(replay)
    return () => cancelAnimationFrame(frame)
  }, [takeQueuedKeys])
}

export default function MenuPopover({
  triggerRef,
  label,
  entries,
  autoFocus,
  onClose,
  onAction,
  selectedKey,
  placement,
  takeQueuedKeys,
}: MenuPopoverProps) {
  useQueuedKeys(takeQueuedKeys)
  return (
    <AriaProviders>
      <Menu
        triggerRef={triggerRef}
        isOpen
        onOpenChange={(open) => {
          if (!open) onClose()
        }}
        placement={placement}
        aria-label={label}
        autoFocus={autoFocus}
        onClose={onClose}
        onAction={(key) => onAction?.(String(key))}
        selectionMode={selectedKey === undefined ? undefined : 'single'}
        selectedKeys={selectedKey === undefined ? undefined : [selectedKey]}
        items={entries}
      >
        {(entry) => (
          <MenuItem
            id={entry.id}
            textValue={entry.textValue}
            href={entry.href}
            target={entry.newTab ? '_blank' : undefined}
            rel={entry.newTab ? 'noopener noreferrer' : undefined}
          >
            {entry.label}
          </MenuItem>
        )}
      </Menu>
    </AriaProviders>
  )
}
