/**
 * Backend layout name → the block's schema and component (STYLE.md, Payload). The
 * section-blocks issue fills this in and loads blocks below the fold lazily; a layout
 * that is not here renders nothing.
 */
import type { ComponentType } from 'react'
import type { z } from 'zod'
import { CallToAction } from './call-to-action/call-to-action'
import { callToActionSchema } from './call-to-action/schema'
import { Cards } from './cards/cards'
import { cardsSchema } from './cards/schema'
import { Faq } from './faq/faq'
import { faqSchema } from './faq/schema'
import { Hero } from './hero/hero'
import { heroSchema } from './hero/schema'
import { RichText } from './rich-text/rich-text'
import { richTextSchema } from './rich-text/schema'
import { statisticsSchema } from './statistics/schema'
import { Statistics } from './statistics/statistics'
import { testimonialsSchema } from './testimonials/schema'
import { Testimonials } from './testimonials/testimonials'

export interface SectionBlock<T extends z.ZodType = z.ZodType> {
  schema: T
  component: ComponentType<{ data: z.infer<T>; headingLevel: 1 | 2 }>
}

function block<T extends z.ZodType>(schema: T, component: SectionBlock<T>['component']): SectionBlock<T> {
  return { schema, component }
}

export const sectionRegistry: Record<string, SectionBlock<z.ZodType>> = {
  hero: block(heroSchema, Hero),
  rich_text: block(richTextSchema, RichText),
  cards: block(cardsSchema, Cards),
  faq: block(faqSchema, Faq),
  call_to_action: block(callToActionSchema, CallToAction),
  statistics: block(statisticsSchema, Statistics),
  testimonials: block(testimonialsSchema, Testimonials),
}
