/**
 * One popup (requirements §2 and §4): fetched through a server function when it opens, shown as
 * a dialog with its title, content and forms. Loaded with the first popup a visitor opens.
 */
import { Suspense } from 'react'
import { useDirtyFormsGuard } from '../../../forms/dirty-forms'
import { isLocale } from '../../../lib/url'
import { m } from '../../../paraglide/messages'
import { getLocale } from '../../../paraglide/runtime'
import { AriaProviders } from '../../../ui/aria/aria-providers'
import { Dialog } from '../../../ui/aria/Dialog'
import { Modal } from '../../../ui/aria/Modal'
import { lazyWithPreload } from '../../../ui/lazy'
import { usePopup } from './popup-request'

/** The form engine loads only when a popup carries a form. */
const DefinedForms = lazyWithPreload(() => import('../../../forms/defined-form'))

export default function PopupDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const current = getLocale()
  const locale = isLocale(current) ? current : 'en'
  const popup = usePopup(locale, id)
  const data = popup.status === 'success' ? popup.data : undefined
  const title = data?.title ?? (popup.status === 'error' ? m.popup_error_title() : m.loading())
  const { DirtyFormsProvider, report, mayClose } = useDirtyFormsGuard()
  return (
    <AriaProviders>
      <DirtyFormsProvider value={report}>
        <Modal isOpen onOpenChange={(open) => !open && mayClose() && onClose()}>
          <Dialog title={title} closeLabel={m.close()} className={data?.className} data-popup-id={id}>
            {popup.status === 'pending' && (
              <p role="status" className="mt-4 text-ink-muted">
                {m.loading()}…
              </p>
            )}
            {popup.status === 'error' && (
              <p role="alert" className="mt-4 text-ink-soft">
                {m.popup_error()}
              </p>
            )}
            {data && <div className="cms-html mt-4" dangerouslySetInnerHTML={{ __html: data.contentHtml }} />}
            {data && Object.keys(data.forms).length > 0 && (
              <Suspense fallback={<p className="mt-4 text-ink-muted">{m.loading()}…</p>}>
                <DefinedForms forms={data.forms} source={{ kind: 'popup', id }} />
              </Suspense>
            )}
          </Dialog>
        </Modal>
      </DirtyFormsProvider>
    </AriaProviders>
  )
}
