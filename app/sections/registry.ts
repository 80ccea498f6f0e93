/**
 * Backend layout name → a loader for the block's component (after Payload's website template). Their
 * data was checked against the block's schema on the server (schemas.ts); components are
 * split into their own chunks: RenderSections renders the first two with the page and
 * loads the rest when they come near the viewport. A layout that is not here renders
 * nothing.
 */
import type { ComponentType, ReactNode } from 'react'
import { islandCode, type IslandCode } from '../ui/island'
import type { JsonObject } from '../contract/model'
import type { SectionLayout } from '../contract/sections/schemas'

/** What RenderSections hands every block: its data (checked on the server) and its heading level. */
export interface SectionProps {
  data: JsonObject
  headingLevel: 1 | 2
}

/**
 * A block's component takes its own data type. The server checked every section's data
 * against that block's schema (app/server/content/sections.server.ts), so the JSON that arrives is
 * the block's own reading of it: the one place that knowledge meets the types is here.
 */
function block(load: () => Promise<(props: never) => ReactNode>): IslandCode<SectionProps> {
  return islandCode(load as () => Promise<ComponentType<SectionProps>>)
}

const formSection = block(() => import('./form/form-section').then((module) => module.FormSection))

export const sectionRegistry: Record<SectionLayout, IslandCode<SectionProps>> = {
  hero: block(() => import('./hero/hero').then((module) => module.Hero)),
  rich_text: block(() => import('./rich-text/rich-text').then((module) => module.RichText)),
  cards: block(() => import('./cards/cards').then((module) => module.Cards)),
  faq: block(() => import('./faq/faq').then((module) => module.Faq)),
  call_to_action: block(() => import('./call-to-action/call-to-action').then((module) => module.CallToAction)),
  statistics: block(() => import('./statistics/statistics').then((module) => module.Statistics)),
  testimonials: block(() => import('./testimonials/testimonials').then((module) => module.Testimonials)),
  image_with_text: block(() => import('./image-with-text/image-with-text').then((module) => module.ImageWithText)),
  services_grid: block(() => import('./services-grid/services-grid').then((module) => module.ServicesGrid)),
  process_steps: block(() => import('./process-steps/process-steps').then((module) => module.ProcessSteps)),
  team: block(() => import('./team/team').then((module) => module.Team)),
  pricing_plans: block(() => import('./pricing-plans/pricing-plans').then((module) => module.PricingPlans)),
  partner_logos: block(() => import('./partner-logos/partner-logos').then((module) => module.PartnerLogos)),
  blog_teaser: block(() => import('./blog-teaser/blog-teaser').then((module) => module.BlogTeaser)),
  support_modal_trigger: block(() => import('./support-modal-trigger/support-modal-trigger').then((module) => module.SupportModalTrigger)),
  contact_form: formSection,
  free_consultation_form: formSection,
  support_form: formSection,
  login_form: formSection,
}

export function isSectionLayout(layout: string): layout is SectionLayout {
  return Object.hasOwn(sectionRegistry, layout)
}

/**
 * Blocks whose server markup needs no script (the FAQ's native `<details>`, rich text): on
 * the first page their code is not loaded at all (app/ui/island.tsx, `none`), so their
 * markup is never put in place again, and what a script did to it stays (an embed's player:
 * app/ui/embeds/embed-loader.tsx).
 */
export function isStatic(layout: SectionLayout): boolean {
  return layout === 'faq' || layout === 'rich_text'
}

/** Blocks a visitor fills in (forms): their code loads near the viewport or at the first Tab key (app/ui/island.tsx, `interactive`). */
export function isInteractive(layout: SectionLayout): boolean {
  return sectionRegistry[layout] === formSection
}
