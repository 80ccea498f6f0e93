/**
 * The shell's open/closed state (requirements §4): the search overlay, the support modal and the
 * popup list. One provider at the root, so any link or button can open them.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'

export interface OpenPopup {
  /** A number that only increases, so reopening the same popup remounts it. */
  key: number
  id: string
}

interface ShellState {
  searchOpen: boolean
  setSearchOpen: (open: boolean) => void
  supportOpen: boolean
  setSupportOpen: (open: boolean) => void
  popups: OpenPopup[]
  openPopup: (id: string) => void
  closePopup: (key: number) => void
}

const ShellContext = createContext<ShellState | null>(null)

export function ShellProvider({ children }: { children: ReactNode }) {
  const [searchOpen, setSearchOpen] = useState(false)
  const [supportOpen, setSupportOpen] = useState(false)
  const [popups, setPopups] = useState<OpenPopup[]>([])
  const nextKey = useRef(0)

  const openPopup = useCallback((id: string) => {
    // One dialog per popup id: a second click on the same link does not stack another.
    setPopups((list) => (list.some((popup) => popup.id === id) ? list : [...list, { key: ++nextKey.current, id }]))
  }, [])
  const closePopup = useCallback((key: number) => setPopups((list) => list.filter((popup) => popup.key !== key)), [])

  const value = useMemo(
    () => ({ searchOpen, setSearchOpen, supportOpen, setSupportOpen, popups, openPopup, closePopup }),
    [searchOpen, supportOpen, popups, openPopup, closePopup],
  )
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>
}

/** The shell state a caller read with `useShell()`, provided again around markup rendered apart from the page (the kept navigation bar, decision 042). */
export function ShellValueProvider({ value, children }: { value: ShellState; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>
}

export function useShell(): ShellState {
  const value = useContext(ShellContext)
  if (!value) throw new Error('useShell() needs <ShellProvider> above it')
  return value
}
