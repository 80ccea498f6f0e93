/**
 * Backend layout name → the block's schema and a loader for its component (STYLE.md,
 * Payload). Components are split into their own chunks: RenderSections renders the first
 * two with the page and loads the rest when they come near the viewport. A layout that is
 * not here renders nothing.
 */
import type { ComponentType } from 'react'
import type { z } from 'zod'
import { blogTeaserSchema } from './blog-teaser/schema'
import { callToActionSchema } from './call-to-action/schema'
import { formSectionSchema } from './form/schema'
import { imageWithTextSchema } from './image-with-text/schema'
import { partnerLogosSchema } from './partner-logos/schema'
import { pricingPlansSchema } from './pricing-plans/schema'
import { processStepsSchema } from './process-steps/schema'
import { servicesGridSchema } from './services-grid/schema'
import { supportModalTriggerSchema } from './support-modal-trigger/schema'
import { teamSchema } from './team/schema'
import { cardsSchema } from './cards/schema'
import { faqSchema } from './faq/schema'
import { heroSchema } from './hero/schema'
import { richTextSchema } from './rich-text/schema'
import { statisticsSchema } from './statistics/schema'
import { testimonialsSchema } from './testimonials/schema'

export type SectionComponent<T> = ComponentType<{ data: T; headingLevel: 1 | 2 }>

export interface SectionBlock<T extends z.ZodType = z.ZodType> {
  schema: T
  load: () => Promise<SectionComponent<z.infer<T>>>
  /** Interactive blocks (forms) hydrate with the page wherever they are, so nothing typed or tabbed to is lost. */
  interactive?: boolean
}

function block<T extends z.ZodType>(
  schema: T,
  load: SectionBlock<T>['load'],
  options: { interactive?: boolean } = {},
): SectionBlock<z.ZodType> {
  return { schema, load: load as SectionBlock<z.ZodType>['load'], ...options }
}

function loadFormSection() {
  return import('./form/form-section').then((module) => module.FormSection)
}

export const sectionRegistry: Record<string, SectionBlock> = {
  hero: block(heroSchema, () => import('./hero/hero').then((module) => module.Hero)),
  rich_text: block(richTextSchema, () => import('./rich-text/rich-text').then((module) => module.RichText)),
  cards: block(cardsSchema, () => import('./cards/cards').then((module) => module.Cards)),
  faq: block(faqSchema, () => import('./faq/faq').then((module) => module.Faq)),
  call_to_action: block(callToActionSchema, () => import('./call-to-action/call-to-action').then((module) => module.CallToAction)),
  statistics: block(statisticsSchema, () => import('./statistics/statistics').then((module) => module.Statistics)),
  testimonials: block(testimonialsSchema, () => import('./testimonials/testimonials').then((module) => module.Testimonials)),
  image_with_text: block(imageWithTextSchema, () => import('./image-with-text/image-with-text').then((module) => module.ImageWithText)),
  services_grid: block(servicesGridSchema, () => import('./services-grid/services-grid').then((module) => module.ServicesGrid)),
  process_steps: block(processStepsSchema, () => import('./process-steps/process-steps').then((module) => module.ProcessSteps)),
  team: block(teamSchema, () => import('./team/team').then((module) => module.Team)),
  pricing_plans: block(pricingPlansSchema, () => import('./pricing-plans/pricing-plans').then((module) => module.PricingPlans)),
  partner_logos: block(partnerLogosSchema, () => import('./partner-logos/partner-logos').then((module) => module.PartnerLogos)),
  blog_teaser: block(blogTeaserSchema, () => import('./blog-teaser/blog-teaser').then((module) => module.BlogTeaser)),
  support_modal_trigger: block(supportModalTriggerSchema, () =>
    import('./support-modal-trigger/support-modal-trigger').then((module) => module.SupportModalTrigger),
  ),
  // Forms: the page's form definition by id, through the form engine (app/forms).
  contact_form: block(formSectionSchema, loadFormSection, { interactive: true }),
  free_consultation_form: block(formSectionSchema, loadFormSection, { interactive: true }),
  support_form: block(formSectionSchema, loadFormSection, { interactive: true }),
  login_form: block(formSectionSchema, loadFormSection, { interactive: true }),
}
