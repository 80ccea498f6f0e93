/**
 * SPEC §2: the top menu's support links open the support modal, which holds the support
 * form section. The form engine renders the form in its own issue; until then the
 * modal shows the form's title and how to reach the help desk right away.
 */
import { m } from '../../paraglide/messages'
import type { SiteOptions } from '../../server/content/types'
import { PhoneIcon } from '../icons'
import { Dialog } from '../ui/Dialog'
import { Modal } from '../ui/Modal'
import { useShell } from './shell-state'

export function SupportModal({ options }: { options: SiteOptions }) {
  const { supportOpen, setSupportOpen } = useShell()
  return (
    <Modal isOpen={supportOpen} onOpenChange={setSupportOpen}>
      <Dialog title={m.support_title()} closeLabel={m.close()}>
        <p className="mt-3 text-ink-soft">{m.support_intro()}</p>
        {options.phone && (
          <p className="mt-4 flex items-center gap-2 font-bold text-ink">
            <PhoneIcon size={20} className="text-brand-700" />
            <span>
              {m.support_urgent()}{' '}
              <a href={`tel:${options.phone.replace(/[^+\d]/g, '')}`} className="text-brand-700 underline underline-offset-2">
                {options.phone}
              </a>
            </span>
          </p>
        )}
        <section aria-label={m.support_form_title()} className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5" data-section="support_form">
          <h3 className="font-bold text-ink">{m.support_form_title()}</h3>
          <p className="mt-1 text-sm text-ink-muted">{m.form_placeholder({ title: m.support_form_title() })}</p>
        </section>
      </Dialog>
    </Modal>
  )
}
