/**
 * Requirements §2 and §9: where the cookie-consent banner (consent-banner.tsx) and the
 * preferences dialog (preferences-dialog.tsx) appear, and the footer's link back to the
 * preferences. Both load only when shown.
 */
import { Suspense } from 'react'
import { m } from '../../paraglide/messages'
import { lazyWithPreload } from '../../ui/lazy'
import { useConsent } from '../../ui/consent-state'

const PreferencesDialog = lazyWithPreload(() => import('./preferences-dialog'))
const ConsentBannerPanel = lazyWithPreload(() => import('./consent-banner'))

/** The banner (consent-banner.tsx), loaded only when the visitor has not chosen yet. */
export function ConsentBanner() {
  const { state, ready } = useConsent()
  if (!ready || state.decided) return null
  return (
    <Suspense fallback={null}>
      <ConsentBannerPanel />
    </Suspense>
  )
}

/** The preferences dialog (preferences-dialog.tsx), loaded when it first opens. */
export function ConsentPreferences() {
  const { preferencesOpen } = useConsent()
  if (!preferencesOpen) return null
  return (
    <Suspense fallback={null}>
      <PreferencesDialog />
    </Suspense>
  )
}

/** The footer link that reopens the preferences. */
export function ConsentSettingsLink() {
  const { setPreferencesOpen } = useConsent()
  return (
    // Looks like the footer's links beside it, not like a button (none of PlainButton's looks).
    <button
      type="button"
      aria-haspopup="dialog"
      onPointerEnter={PreferencesDialog.preload}
      onFocus={PreferencesDialog.preload}
      onClick={() => setPreferencesOpen(true)}
      className="cursor-pointer rounded py-1.5 text-sm text-slate-100 underline-offset-2 hover:underline"
    >
      {m.consent_settings_link()}
    </button>
  )
}
