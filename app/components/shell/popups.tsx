/**
 * SPEC §2 and §4: a click on any link whose hash starts with `popup-` (in menus or in
 * CMS HTML) fetches the popup through a server function and opens it as a dialog; the
 * popup list adds it when fetched and removes it when closed.
 */
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { useDirtyFormsGuard } from '../../forms/dirty-forms'
import { popupIdFromHref } from '../../lib/url'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../paraglide/runtime'
import { popupQueryOptions } from '../../server/content.functions'
import { isLocale } from '../../lib/url'
import { Dialog } from '../ui/Dialog'
import { Modal } from '../ui/Modal'
import { useShell, type OpenPopup } from './shell-state'

/** Document-level: catches clicks on `#popup-…` links wherever they are, including CMS HTML. */
export function usePopupLinkHandler() {
  const { openPopup } = useShell()
  useEffect(() => {
    function popupLinkHandler(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const target = event.target instanceof Element ? event.target.closest('a[href]') : null
      const href = target?.getAttribute('href')
      const id = href ? popupIdFromHref(href) : null
      if (!id) return
      event.preventDefault()
      openPopup(id)
    }
    document.addEventListener('click', popupLinkHandler)
    return () => document.removeEventListener('click', popupLinkHandler)
  }, [openPopup])
}

/** The form engine loads only when a popup carries a form. */
const DefinedForms = lazy(() => import('../../forms/defined-form'))

export function PopupHost() {
  const { popups, closePopup } = useShell()
  usePopupLinkHandler()
  return (
    <>
      {popups.map((popup) => (
        <PopupDialog key={popup.key} popup={popup} onClose={() => closePopup(popup.key)} />
      ))}
    </>
  )
}

function PopupDialog({ popup, onClose }: { popup: OpenPopup; onClose: () => void }) {
  const current = getLocale()
  const locale = isLocale(current) ? current : 'en'
  const query = useQuery({ ...popupQueryOptions({ locale, id: popup.id }), retry: false })
  const title = query.data?.title ?? (query.isError ? m.popup_error_title() : m.loading())
  const { DirtyFormsProvider, report, mayClose } = useDirtyFormsGuard()
  return (
    <DirtyFormsProvider value={report}>
      <Modal isOpen onOpenChange={(open) => !open && mayClose() && onClose()}>
        <Dialog title={title} closeLabel={m.close()} className={query.data?.className} data-popup-id={popup.id}>
          {query.isPending && (
            <p role="status" className="mt-4 text-ink-muted">
              {m.loading()}…
            </p>
          )}
          {query.isError && (
            <p role="alert" className="mt-4 text-ink-soft">
              {m.popup_error()}
            </p>
          )}
          {query.data && <div className="cms-html mt-4" dangerouslySetInnerHTML={{ __html: query.data.contentHtml }} />}
          {query.data && Object.keys(query.data.forms).length > 0 && (
            <Suspense fallback={<p className="mt-4 text-ink-muted">{m.loading()}…</p>}>
              <DefinedForms forms={query.data.forms} source={{ kind: 'popup', id: popup.id }} />
            </Suspense>
          )}
        </Dialog>
      </Modal>
    </DirtyFormsProvider>
  )
}
