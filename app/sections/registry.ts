/**
 * Backend layout name → the block's schema and component (STYLE.md, Payload). The
 * section-blocks issue fills this in and loads blocks below the fold lazily; a layout
 * that is not here renders nothing.
 */
import type { ComponentType } from 'react'
import type { z } from 'zod'
import { Hero } from './hero/hero'
import { heroSchema } from './hero/schema'
import { RichText } from './rich-text/rich-text'
import { richTextSchema } from './rich-text/schema'

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
}
