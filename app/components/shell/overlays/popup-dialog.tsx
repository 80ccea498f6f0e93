/**
 * One popup (requirements §2 and §4): fetched through a server function when it opens, shown as
 * a dialog with its title, content and forms. Loaded with the first popup a visitor opens.
 */
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useDirtyFormsGuard } from '../../../forms/dirty-forms'
import { isLocale } from '../../../lib/url'
import { m } from '../../../paraglide/messages'
import { getLocale } from '../../../paraglide/runtime'
import { popupQueryOptions } from '../../../query-options'
import { AriaProviders } from '../../../ui/aria/aria-providers'
import { Dialog } from '../../../ui/aria/Dialog'
import { Modal } from '../../../ui/aria/Modal'

/** The form engine loads only when a popup carries a form. */
const DefinedForms = lazy(() => import('../../../forms/defined-form'))

export default function PopupDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const current = getLocale()
  const locale = isLocale(current) ? current : 'en'
  const query = useQuery({ ...popupQueryOptions({ locale, id }), retry: false })
  const title = query.data?.title ?? (query.isError ? m.popup_error_title() : m.loading())
  const { DirtyFormsProvider, report, mayClose } = useDirtyFormsGuard()
  return (
    <AriaProviders>
      <DirtyFormsProvider value={report}>
        <Modal isOpen onOpenChange={(open) => !open && mayClose() && onClose()}>
          <Dialog title={title} closeLabel={m.close()} className={query.data?.className} data-popup-id={id}>
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
                <DefinedForms forms={query.data.forms} source={{ kind: 'popup', id }} />
              </Suspense>
            )}
          </Dialog>
        </Modal>
      </DirtyFormsProvider>
    </AriaProviders>
  )
}
