/**
 * Requirements §4 and §8: leaving a page with unsubmitted data asks for confirmation when
 * prevention is on — for in-app navigation and for closing or reloading the tab.
 */
import { useBlocker } from '@tanstack/react-router'
import { m } from '../paraglide/messages'

export function useUnsavedChangesPrompt(preventLeaving: boolean) {
  useBlocker({
    shouldBlockFn: () => !window.confirm(m.unsaved_changes()),
    enableBeforeUnload: preventLeaving,
    disabled: !preventLeaving,
  })
}
