/**
 * Requirements §2 and §4: a click on any link whose hash starts with `popup-` (in menus or in
 * CMS HTML) fetches the popup through a server function and opens it as a dialog; the
 * popup list adds it when fetched and removes it when closed.
 */
import { Suspense, useEffect } from 'react'
import { popupIdFromHref } from '../../lib/url'
import { lazyWithPreload } from '../../ui/lazy'
import { useShell } from '../../ui/shell-state'

const PopupDialog = lazyWithPreload(() => import('./overlays/popup-dialog'))

const popupLinkOf = (target: EventTarget | null) => {
  const link = target instanceof Element ? target.closest('a[href]') : null
  const href = link?.getAttribute('href')
  return href ? popupIdFromHref(href) : null
}

/** Document-level: catches clicks on `#popup-…` links wherever they are, including CMS HTML. */
function usePopupLinkHandler() {
  const { openPopup } = useShell()
  useEffect(() => {
    function popupLinkHandler(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const id = popupLinkOf(event.target)
      if (!id) return
      event.preventDefault()
      openPopup(id)
    }
    // The dialog's code starts loading when a popup link is pointed at or focused.
    function preloadOnIntent(event: Event) {
      if (popupLinkOf(event.target)) PopupDialog.preload()
    }
    document.addEventListener('click', popupLinkHandler)
    document.addEventListener('pointerover', preloadOnIntent, { passive: true })
    document.addEventListener('focusin', preloadOnIntent)
    return () => {
      document.removeEventListener('click', popupLinkHandler)
      document.removeEventListener('pointerover', preloadOnIntent)
      document.removeEventListener('focusin', preloadOnIntent)
    }
  }, [openPopup])
}

export function PopupHost() {
  const { popups, closePopup } = useShell()
  usePopupLinkHandler()
  return (
    <>
      {popups.map((popup) => (
        <Suspense key={popup.key} fallback={null}>
          <PopupDialog id={popup.id} onClose={() => closePopup(popup.key)} />
        </Suspense>
      ))}
    </>
  )
}
