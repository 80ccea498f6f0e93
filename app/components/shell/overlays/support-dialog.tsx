/**
 * Requirements §2: the top menu's support links (and the support-modal trigger block) open the
 * support modal, which holds the support form. The form comes from the backend's
 * `support` popup (its shortcode_data), fetched when the modal first opens; urgent
 * problems get the phone number straight away.
 */
import { Suspense } from 'react'
import type { SiteOptions } from '../../../contract/model'
import { useDirtyFormsGuard } from '../../../forms/dirty-forms'
import { isLocale } from '../../../lib/url'
import { m } from '../../../paraglide/messages'
import { getLocale } from '../../../paraglide/runtime'
import { PhoneIcon } from '../../../ui/icons'
import { AriaProviders } from '../../../ui/aria/aria-providers'
import { Dialog } from '../../../ui/aria/Dialog'
import { Modal } from '../../../ui/aria/Modal'
import { lazyWithPreload } from '../../../ui/lazy'
import { usePopup } from './popup-request'

const DefinedForms = lazyWithPreload(() => import('../../../forms/defined-form'))

/** The backend popup that carries the support form. */
const SUPPORT_POPUP_ID = 'support'

export default function SupportDialog({ options, onClose }: { options: SiteOptions; onClose: () => void }) {
  const { DirtyFormsProvider, report, mayClose } = useDirtyFormsGuard()
  return (
    <AriaProviders>
      <DirtyFormsProvider value={report}>
        <Modal isOpen onOpenChange={(open) => !open && mayClose() && onClose()} isWide>
          <Dialog title={m.support_title()} closeLabel={m.close()}>
            <p className="mt-3 text-ink-soft">{m.support_intro()}</p>
            {options.phone && (
              <p className="mt-4 flex items-center gap-2 font-bold text-ink">
                <PhoneIcon size={20} className="text-link" />
                <span>
                  {m.support_urgent()}{' '}
                  <a href={`tel:${options.phone.replace(/[^+\d]/g, '')}`} className="text-link underline underline-offset-2">
                    {options.phone}
                  </a>
                </span>
              </p>
            )}
            <SupportForm />
          </Dialog>
        </Modal>
      </DirtyFormsProvider>
    </AriaProviders>
  )
}

function SupportForm() {
  const current = getLocale()
  const locale = isLocale(current) ? current : 'en'
  const popup = usePopup(locale, SUPPORT_POPUP_ID)
  const data = popup.status === 'success' ? popup.data : undefined
  return (
    <section aria-label={m.support_form_title()} className="mt-6 border-t border-line pt-6" data-section="support_form">
      {popup.status === 'pending' && (
        <p role="status" className="text-ink-muted">
          {m.loading()}…
        </p>
      )}
      {(popup.status === 'error' || (data && Object.keys(data.forms).length === 0)) && (
        <p role="alert" className="rounded-xl bg-surface-alt p-4 text-ink-soft">
          {m.form_unavailable()}
        </p>
      )}
      {data && Object.keys(data.forms).length > 0 && (
        <Suspense fallback={<p className="text-ink-muted">{m.loading()}…</p>}>
          <DefinedForms forms={data.forms} source={{ kind: 'popup', id: SUPPORT_POPUP_ID }} />
        </Suspense>
      )}
    </section>
  )
}
