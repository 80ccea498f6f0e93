/**
 * Backend layout name → the block's schema and a loader for its component (STYLE.md,
 * Payload). Components are split into their own chunks: RenderSections renders the first
 * two with the page and loads the rest when they come near the viewport. A layout that is
 * not here renders nothing.
 */
import type { ComponentType } from 'react'
import type { z } from 'zod'
import { callToActionSchema } from './call-to-action/schema'
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
}

function block<T extends z.ZodType>(schema: T, load: SectionBlock<T>['load']): SectionBlock<z.ZodType> {
  return { schema, load: load as SectionBlock<z.ZodType>['load'] }
}

export const sectionRegistry: Record<string, SectionBlock> = {
  hero: block(heroSchema, () => import('./hero/hero').then((module) => module.Hero)),
  rich_text: block(richTextSchema, () => import('./rich-text/rich-text').then((module) => module.RichText)),
  cards: block(cardsSchema, () => import('./cards/cards').then((module) => module.Cards)),
  faq: block(faqSchema, () => import('./faq/faq').then((module) => module.Faq)),
  call_to_action: block(callToActionSchema, () => import('./call-to-action/call-to-action').then((module) => module.CallToAction)),
  statistics: block(statisticsSchema, () => import('./statistics/statistics').then((module) => module.Statistics)),
  testimonials: block(testimonialsSchema, () => import('./testimonials/testimonials').then((module) => module.Testimonials)),
}
