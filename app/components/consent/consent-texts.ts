/** The consent categories' names and texts (requirements §9), and the ones a visitor may turn off. */
import type { ConsentCategory } from '../../lib/consent'
import { m } from '../../paraglide/messages'

export const consentTexts: Record<ConsentCategory, { title: () => string; text: () => string }> = {
  necessary: { title: () => m.consent_necessary_title(), text: () => m.consent_necessary_text() },
  functional: { title: () => m.consent_functional_title(), text: () => m.consent_functional_text() },
  analytics: { title: () => m.consent_analytics_title(), text: () => m.consent_analytics_text() },
  marketing: { title: () => m.consent_marketing_title(), text: () => m.consent_marketing_text() },
}

export const optionalCategories: ConsentCategory[] = ['functional', 'analytics', 'marketing']
