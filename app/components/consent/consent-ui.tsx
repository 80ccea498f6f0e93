/**
 * SPEC §2 and §9: the cookie-consent banner ('Accept all', 'Reject all') and the
 * preferences dialog ('Save preferences') with a switch per category. The banner is a
 * non-modal region fixed to the bottom: it covers no skip link, traps no focus and
 * shifts no layout.
 */
import { useEffect, useState } from 'react'
import { consentCategories, type ConsentCategory } from '../../lib/consent'
import { m } from '../../paraglide/messages'
import { Button } from '../ui/Button'
import { Dialog } from '../ui/Dialog'
import { Modal } from '../ui/Modal'
import { Switch } from '../ui/Switch'
import { useConsent } from './consent-state'

const texts: Record<ConsentCategory, { title: () => string; text: () => string }> = {
  necessary: { title: () => m.consent_necessary_title(), text: () => m.consent_necessary_text() },
  analytics: { title: () => m.consent_analytics_title(), text: () => m.consent_analytics_text() },
  marketing: { title: () => m.consent_marketing_title(), text: () => m.consent_marketing_text() },
}
const optional: ConsentCategory[] = ['analytics', 'marketing']

export function ConsentBanner() {
  const { state, ready, choose, setPreferencesOpen } = useConsent()
  if (!ready || state.decided) return null
  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/98 shadow-[0_-8px_30px_rgba(15,23,42,0.12)] backdrop-blur"
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
          <Button variant="secondary" onPress={() => setPreferencesOpen(true)} className="py-2 text-sm">
            {m.consent_customise()}
          </Button>
          <Button variant="secondary" onPress={() => choose([])} className="py-2 text-sm">
            {m.consent_reject_all()}
          </Button>
          <Button variant="primary" onPress={() => choose(optional)} className="py-2 text-sm">
            {m.consent_accept_all()}
          </Button>
        </div>
      </div>
    </section>
  )
}

export function ConsentPreferences() {
  const { state, choose, preferencesOpen, setPreferencesOpen } = useConsent()
  const [selected, setSelected] = useState<Set<ConsentCategory>>(new Set(state.enabled))
  useEffect(() => {
    if (preferencesOpen) setSelected(new Set(state.enabled))
  }, [preferencesOpen, state.enabled])
  return (
    <Modal isOpen={preferencesOpen} onOpenChange={setPreferencesOpen}>
      <Dialog title={m.consent_preferences_title()} closeLabel={m.close()}>
        <p className="mt-3 text-sm text-ink-soft">{m.consent_preferences_intro()}</p>
        <ul className="mt-6 space-y-5">
          {consentCategories.map((category) => {
            const required = category === 'necessary'
            return (
              <li key={category} className="rounded-xl border border-slate-200 p-4">
                <Switch
                  isSelected={required || selected.has(category)}
                  isDisabled={required}
                  onChange={(on) =>
                    setSelected((current) => {
                      const next = new Set(current)
                      if (on) next.add(category)
                      else next.delete(category)
                      return next
                    })
                  }
                  aria-describedby={`consent-${category}-text`}
                >
                  <span className="font-bold text-ink">
                    {texts[category].title()}
                    {required && (
                      <>
                        {' '}
                        <span className="ml-1 text-xs font-bold text-ink-muted uppercase">{m.consent_always_on()}</span>
                      </>
                    )}
                  </span>
                </Switch>
                <p id={`consent-${category}-text`} className="mt-2 text-sm text-ink-soft">
                  {texts[category].text()}
                </p>
              </li>
            )
          })}
        </ul>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={() => choose([])} className="py-2 text-sm">
            {m.consent_reject_all()}
          </Button>
          <Button variant="secondary" onPress={() => choose(optional)} className="py-2 text-sm">
            {m.consent_accept_all()}
          </Button>
          <Button variant="primary" onPress={() => choose(optional.filter((category) => selected.has(category)))} className="py-2 text-sm">
            {m.consent_save()}
          </Button>
        </div>
      </Dialog>
    </Modal>
  )
}

/** The footer link that reopens the preferences. */
export function ConsentSettingsLink() {
  const { setPreferencesOpen } = useConsent()
  return (
    <Button
      variant="inverse"
      onPress={() => setPreferencesOpen(true)}
      className="px-0 text-sm font-normal underline-offset-2 hover:bg-transparent hover:underline"
    >
      {m.consent_settings_link()}
    </Button>
  )
}
