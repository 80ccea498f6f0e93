/**
 * A native button that opens a dropdown menu loaded on demand (overlays/menu-popover.tsx),
 * with the keyboard behaviour of React Aria's MenuTrigger: Enter, Space or ArrowDown open
 * it with the first item focused, ArrowUp with the last; a pointer press opens it with
 * the menu focused (and closes it when open). Hovering or focusing the button starts loading the menu's code.
 */
import { useCallback, useRef, useState, type KeyboardEvent } from 'react'

type Open = false | true | 'first' | 'last'

export function useMenuTrigger(preload: () => void) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState<Open>(false)
  /** Arrow keys pressed while the menu was opening (its code loading): handed to the menu once it has focus. */
  const queued = useRef<string[]>([])
  const takeQueuedKeys = useCallback(() => queued.current.splice(0), [])
  return {
    triggerRef,
    isOpen: open !== false,
    autoFocus: open === false ? false : open,
    close: () => {
      queued.current = []
      setOpen(false)
    },
    takeQueuedKeys,
    triggerProps: {
      ref: triggerRef,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open !== false,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => setOpen((current) => (current !== false ? false : true)),
      // The keyboard opens the menu on keydown (no click follows), with an item focused.
      onKeyDown: (event: KeyboardEvent) => {
        const focus =
          event.key === 'ArrowUp' ? 'last' : event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ' ? 'first' : null
        if (!focus) return
        event.preventDefault()
        // The menu is opening but does not have focus yet: the key is for it, not a second opening.
        if (open !== false) {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') queued.current.push(event.key)
          return
        }
        setOpen(focus)
      },
    },
  }
}
