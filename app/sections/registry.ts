/**
 * Backend layout name → a loader for the block's component (STYLE.md, Payload). Their
 * data was checked against the block's schema on the server (schemas.ts); components are
 * split into their own chunks: RenderSections renders the first two with the page and
 * loads the rest when they come near the viewport. A layout that is not here renders
 * nothing.
 */
import type { ComponentType } from 'react'
import type { SectionLayout } from './schemas'

export type SectionComponent<T> = ComponentType<{ data: T; headingLevel: 1 | 2 }>

export interface SectionBlock {
  load: () => Promise<SectionComponent<never>>
}

const loadFormSection = () => import('./form/form-section').then((module) => module.FormSection)

export const sectionRegistry: Record<SectionLayout, SectionBlock> = {
  hero: { load: () => import('./hero/hero').then((module) => module.Hero) },
  rich_text: { load: () => import('./rich-text/rich-text').then((module) => module.RichText) },
  cards: { load: () => import('./cards/cards').then((module) => module.Cards) },
  faq: { load: () => import('./faq/faq').then((module) => module.Faq) },
  call_to_action: { load: () => import('./call-to-action/call-to-action').then((module) => module.CallToAction) },
  statistics: { load: () => import('./statistics/statistics').then((module) => module.Statistics) },
  testimonials: { load: () => import('./testimonials/testimonials').then((module) => module.Testimonials) },
  image_with_text: { load: () => import('./image-with-text/image-with-text').then((module) => module.ImageWithText) },
  services_grid: { load: () => import('./services-grid/services-grid').then((module) => module.ServicesGrid) },
  process_steps: { load: () => import('./process-steps/process-steps').then((module) => module.ProcessSteps) },
  team: { load: () => import('./team/team').then((module) => module.Team) },
  pricing_plans: { load: () => import('./pricing-plans/pricing-plans').then((module) => module.PricingPlans) },
  partner_logos: { load: () => import('./partner-logos/partner-logos').then((module) => module.PartnerLogos) },
  blog_teaser: { load: () => import('./blog-teaser/blog-teaser').then((module) => module.BlogTeaser) },
  support_modal_trigger: {
    load: () => import('./support-modal-trigger/support-modal-trigger').then((module) => module.SupportModalTrigger),
  },
  contact_form: { load: loadFormSection },
  free_consultation_form: { load: loadFormSection },
  support_form: { load: loadFormSection },
  login_form: { load: loadFormSection },
}

export function isSectionLayout(layout: string): layout is SectionLayout {
  return Object.hasOwn(sectionRegistry, layout)
}
