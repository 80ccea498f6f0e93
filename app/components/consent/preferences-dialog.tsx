/**
 * Requirements §2 and §9: the consent preferences ('Save preferences') with a switch per
 * category. Loaded when the visitor first opens them (the banner's 'Customise' or the
 * footer's cookie settings).
 */
import { useState } from 'react'
import { consentCategories, type ConsentCategory } from '../../lib/consent'
import { m } from '../../paraglide/messages'
import { AriaProviders } from '../../ui/aria/aria-providers'
import { Button } from '../../ui/aria/Button'
import { Dialog } from '../../ui/aria/Dialog'
import { Modal } from '../../ui/aria/Modal'
import { Switch } from '../../ui/aria/Switch'
import { consentTexts, optionalCategories } from './consent-texts'
import { useConsent } from '../../ui/consent-state'

export default function ConsentPreferencesDialog() {
  const { state, choose, setPreferencesOpen, askedFor } = useConsent()
  // Mounted each time the preferences open: they start from the choice in force.
  const [selected, setSelected] = useState<Set<ConsentCategory>>(() => new Set(state.enabled))
  return (
    <AriaProviders>
      <Modal isOpen onOpenChange={setPreferencesOpen}>
        <Dialog title={m.consent_preferences_title()} closeLabel={m.close()}>
          <p className="mt-3 text-sm text-ink-soft">{m.consent_preferences_intro()}</p>
          {askedFor === 'functional' && (
            <p
              className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-950"
              data-testid="consent-asked-for"
            >
              {m.chat_consent_needed()}
            </p>
          )}
          <ul className="mt-6 space-y-5">
            {consentCategories.map((category) => {
              const required = category === 'necessary'
              return (
                <li key={category} className="rounded-xl border border-line p-4">
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
                      {consentTexts[category].title()}
                      {required && (
                        <>
                          {' '}
                          <span className="ml-1 text-xs font-bold text-ink-muted uppercase">{m.consent_always_on()}</span>
                        </>
                      )}
                    </span>
                  </Switch>
                  <p id={`consent-${category}-text`} className="mt-2 text-sm text-ink-soft">
                    {consentTexts[category].text()}
                  </p>
                </li>
              )
            })}
          </ul>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={() => choose([])} padding="px-6 py-2" className="text-sm">
              {m.consent_reject_all()}
            </Button>
            <Button variant="secondary" onPress={() => choose(optionalCategories)} padding="px-6 py-2" className="text-sm">
              {m.consent_accept_all()}
            </Button>
            <Button
              variant="primary"
              onPress={() => choose(optionalCategories.filter((category) => selected.has(category)))}
              padding="px-6 py-2"
              className="text-sm"
            >
              {m.consent_save()}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </AriaProviders>
  )
}
