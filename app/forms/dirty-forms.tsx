/**
 * Requirements §4 and §8 for forms in dialogs: closing a popup or the support modal with a
 * half-filled form asks the same question as leaving the page, instead of dropping
 * what was typed.
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef } from 'react'
import { m } from '../paraglide/messages'

const DirtyFormsContext = createContext<((id: string, dirty: boolean) => void) | null>(null)

/** For a dialog: a provider for the forms inside it, and a close guard for its onOpenChange. */
export function useDirtyFormsGuard() {
  const dirty = useRef(new Set<string>())
  const report = useCallback((id: string, isDirty: boolean) => {
    if (isDirty) dirty.current.add(id)
    else dirty.current.delete(id)
  }, [])
  const mayClose = useCallback(() => dirty.current.size === 0 || window.confirm(m.unsaved_changes()), [])
  return { DirtyFormsProvider: DirtyFormsContext.Provider, report, mayClose }
}

/** A form tells the dialog around it (if any) whether it holds unsubmitted answers. */
export function useReportDirty(isDirty: boolean) {
  const report = useContext(DirtyFormsContext)
  const id = useId()
  useEffect(() => {
    report?.(id, isDirty)
    return () => report?.(id, false)
  }, [report, id, isDirty])
}
