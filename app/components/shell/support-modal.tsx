/**
 * Requirements §2: the top menu's support links (and the support-modal trigger block) open the
 * support modal, which holds the support form. The form comes from the backend's
 * `support` popup (its shortcode_data), fetched when the modal first opens; urgent
 * problems get the phone number straight away. The dialog (overlays/support-dialog.tsx)
 * loads when a support link is first hovered, focused or pressed.
 */
import { Suspense } from 'react'
import type { SiteOptions } from '../../contract/model'
import { lazyWithPreload } from '../../ui/lazy'
import { useShell } from '../../ui/shell-state'

const SupportDialog = lazyWithPreload(() => import('./overlays/support-dialog'))

export const preloadSupport = () => SupportDialog.preload()

export function SupportModal({ options }: { options: SiteOptions }) {
  const { supportOpen, setSupportOpen } = useShell()
  if (!supportOpen) return null
  return (
    <Suspense fallback={null}>
      <SupportDialog options={options} onClose={() => setSupportOpen(false)} />
    </Suspense>
  )
}
