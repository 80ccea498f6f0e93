/**
 * A form section's server markup, rendered once and sent again (docs/decisions/037): the
 * same HTML as a render of its own, but for React's `useId` ids; a new render when the
 * definition, the locale or the section changes; never kept when a part was not ready.
 */
import { readFileSync } from 'node:fs'
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { publicEnvKeys, type PublicEnv } from '../../config/site'
import { parseFormDefinition, type FormDefinition } from '../../contract/forms/definition'
import type { ContentPage, Section } from '../../contract/model'
import { overwriteGetLocale } from '../../paraglide/runtime'
import { SectionPageContext } from '../../sections/page-context'
import { preloadAllBlocks, RenderSections } from '../../sections/render-sections'
import { ConsentProvider } from '../../ui/consent-state'
import { keepIslandMarkupWith } from '../../ui/kept-markup'
import { ShellProvider } from '../../ui/shell-state'
import { keptIslandCount, startKeepingIslandMarkup } from './island-markup.server'
import { renderToHtml } from '../../../tests/support/render-html'

/** No tag, analytics or chat configured. */
const env = Object.fromEntries(publicEnvKeys.map((key) => [key, null])) as PublicEnv
const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: ['/contact'] }) })
const contactForm = (locale: 'en' | 'de') => parseFormDefinition(JSON.parse(readFileSync(`content/${locale}/forms/1.json`, 'utf8')))!
const sections: Section[] = [
  { key: 'intro', layout: 'rich_text', data: { html: '<p>Write to us.</p>' }, animate: false },
  { key: 'form', layout: 'contact_form', data: { form_id: '1', heading: 'Send us a message' }, animate: false },
]

/** The sections as the page's renderer renders them (TanStack Router's renderRouterToStream: no part moved out of order). */
async function renderSections(forms: Record<string, FormDefinition | null>): Promise<string> {
  const page = { forms, recentPosts: [] } as unknown as ContentPage
  return renderToHtml(
    <RouterContextProvider router={router}>
      <ConsentProvider env={env}>
        <ShellProvider>
          <SectionPageContext.Provider value={{ page, ownOrigins: [] }}>
            <RenderSections sections={sections} firstIsTitle={false} />
          </SectionPageContext.Provider>
        </ShellProvider>
      </ConsentProvider>
    </RouterContextProvider>,
  )
}

/** `useId`'s ids numbered in order of appearance: they differ between a render in place and a kept one, by design. */
function withoutIds(html: string): string {
  const ids = new Map<string, string>()
  return html.replace(/_(?:section-[\w-]+?-)?R_[0-9a-zA-Z]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`)
    return ids.get(id)!
  })
}

const KEPT_ID = '_section-1-form-R_'

beforeAll(() => preloadAllBlocks())
afterEach(() => {
  keepIslandMarkupWith(null)
  overwriteGetLocale(() => 'en')
})

describe('kept island markup', () => {
  it('is not kept while a part of the form is not ready, and then is the same HTML as a render in place', async () => {
    startKeepingIslandMarkup()
    // The phone field's code is loaded on its first render: that render waits for it in place.
    const first = await renderSections({ 1: contactForm('en') })
    expect(first).not.toContain(KEPT_ID)
    expect(first).toContain('Phone')
    expect(keptIslandCount('form')).toBe(0)

    const kept = await renderSections({ 1: contactForm('en') })
    expect(kept).toContain(KEPT_ID)
    expect(keptIslandCount('form')).toBe(1)
    keepIslandMarkupWith(null)
    const inPlace = await renderSections({ 1: contactForm('en') })
    expect(inPlace).not.toContain(KEPT_ID)
    expect(withoutIds(kept)).toBe(withoutIds(inPlace))
    expect(kept).toContain('Send message')
  })

  it('is sent again for the same form, and rendered anew when the definition or the locale changes', async () => {
    startKeepingIslandMarkup()
    const before = keptIslandCount('form')
    const once = await renderSections({ 1: contactForm('en') })
    // A definition read again (a new object with the same content) is the same form.
    expect(await renderSections({ 1: contactForm('en') })).toBe(once)
    expect(keptIslandCount('form')).toBe(before)

    const edited = contactForm('en')
    edited.fields = edited.fields.map((field) => (field.name === 'company' ? { ...field, label: 'Organisation' } : field))
    const changed = await renderSections({ 1: edited })
    expect(changed).toContain('Organisation')
    expect(once).not.toContain('Organisation')

    overwriteGetLocale(() => 'de')
    const german = await renderSections({ 1: contactForm('de') })
    expect(german).toContain('Vollständiger Name')
    expect(keptIslandCount('form')).toBe(before + 2)
  })
})
