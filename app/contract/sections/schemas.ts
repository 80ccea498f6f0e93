/**
 * Backend layout name → the block's schema: what the server checks every section's data
 * against before a page leaves it (app/server/content/sections.server.ts), so the browser gets
 * data its block can render and never loads a schema. app/sections/registry.ts maps the
 * same names to the blocks' components.
 */
import type { z } from 'zod'
import { blogTeaserSchema } from './blog-teaser'
import { callToActionSchema } from './call-to-action'
import { cardsSchema } from './cards'
import { faqSchema } from './faq'
import { formSectionSchema } from './form'
import { heroSchema } from './hero'
import { imageWithTextSchema } from './image-with-text'
import { partnerLogosSchema } from './partner-logos'
import { pricingPlansSchema } from './pricing-plans'
import { processStepsSchema } from './process-steps'
import { richTextSchema } from './rich-text'
import { servicesGridSchema } from './services-grid'
import { statisticsSchema } from './statistics'
import { supportModalTriggerSchema } from './support-modal-trigger'
import { teamSchema } from './team'
import { testimonialsSchema } from './testimonials'

const sectionSchemas = {
  hero: heroSchema,
  rich_text: richTextSchema,
  cards: cardsSchema,
  faq: faqSchema,
  call_to_action: callToActionSchema,
  statistics: statisticsSchema,
  testimonials: testimonialsSchema,
  image_with_text: imageWithTextSchema,
  services_grid: servicesGridSchema,
  process_steps: processStepsSchema,
  team: teamSchema,
  pricing_plans: pricingPlansSchema,
  partner_logos: partnerLogosSchema,
  blog_teaser: blogTeaserSchema,
  support_modal_trigger: supportModalTriggerSchema,
  // Forms: the page's form definition by id, through the form engine (app/forms).
  contact_form: formSectionSchema,
  free_consultation_form: formSectionSchema,
  support_form: formSectionSchema,
  login_form: formSectionSchema,
} satisfies Record<string, z.ZodType>

export type SectionLayout = keyof typeof sectionSchemas

/** The schema of a layout, or undefined when no block knows it. */
export function sectionSchemaFor(layout: string): z.ZodType<Record<string, unknown>> | undefined {
  return Object.hasOwn(sectionSchemas, layout) ? sectionSchemas[layout as SectionLayout] : undefined
}
