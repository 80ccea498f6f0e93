/**
 * Requirements §2 and §9: the cookie-consent banner ('Accept all', 'Reject all', and the way to
 * the preferences). A non-modal region fixed to the bottom: it covers no skip link, traps
 * no focus and shifts no layout. Loaded only for a visitor who has not chosen yet.
 */
import { useRef } from 'react'
import { m } from '../../paraglide/messages'
import { useBottomBar } from '../shell/bottom-inset'
import { PlainButton } from '../../ui/PlainButton'
import { optionalCategories } from './consent-texts'
import { useConsent } from '../../ui/consent-state'
import { ignoreFailureAheadOfNeed } from '../../ui/chunk-reload'

/**
 * The preferences' code starts loading when the visitor points at or focuses 'Customise'. A
 * failure is left to the press, which loads it again (docs/decisions/062).
 */
const preloadPreferences = () => void import('./preferences-dialog').catch(ignoreFailureAheadOfNeed)

export default function ConsentBannerPanel() {
  const { choose, setPreferencesOpen } = useConsent()
  const ref = useRef<HTMLElement>(null)
  // The chat launcher floats above the banner, not under it.
  useBottomBar('consent', ref)
  return (
    <section
      ref={ref}
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface-raised shadow-[0_-8px_30px_rgba(15,23,42,0.12)]"
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-site flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-center lg:gap-8">
        <div className="flex-1">
          <h2 id="consent-title" className="font-black text-ink">
            {m.consent_title()}
          </h2>
          <p className="mt-1 text-sm text-ink-soft">{m.consent_text()}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <PlainButton
            variant="secondary"
            aria-haspopup="dialog"
            onPointerEnter={preloadPreferences}
            onFocus={preloadPreferences}
            onClick={() => setPreferencesOpen(true)}
            className="text-sm"
          >
            {m.consent_customise()}
          </PlainButton>
          <PlainButton variant="secondary" onClick={() => choose([])} className="text-sm">
            {m.consent_reject_all()}
          </PlainButton>
          <PlainButton variant="primary" onClick={() => choose(optionalCategories)} className="text-sm">
            {m.consent_accept_all()}
          </PlainButton>
        </div>
      </div>
    </section>
  )
}
