/**
 * Every section's server markup, rendered once and sent again (docs/decisions/043): for every
 * demo page in both languages, read from the embedded CMS as the site reads it, the kept
 * sections give the HTML a render in place gives, but for the `useId` ids; and a page's own
 * links, its data and the image service's settings reach the kept markup.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../../cms/index'
import { SectionsContent } from '../../components/sections-content'
import { parseEnv } from '../../config/env'
import { publicEnvKeys, type PublicEnv } from '../../config/site'
import type { ContentPage, PageData, Section } from '../../contract/model'
import { overwriteGetLocale } from '../../paraglide/runtime'
import { preloadAllBlocks } from '../../sections/render-sections'
import { ConsentProvider } from '../../ui/consent-state'
import { ImageServiceContext } from '../../ui/image'
import { islandMarkupKeeper, keepIslandMarkupWith } from '../../ui/kept-markup'
import { ShellProvider } from '../../ui/shell-state'
import { createWpSource } from '../content/backend-source.server'
import { ContentNotFoundError } from '../content/content-source.server'
import { withCheckedSections } from '../content/sections.server'
import { forgetKeptMarkup, keptIslandCount, startKeepingIslandMarkup } from './island-markup.server'
import { renderToHtml } from '../../../tests/support/render-html'

const scratch = mkdtempSync(path.join(tmpdir(), 'site-kept-sections-'))
// The embedded CMS over the demo's content, configured as the site configures it.
const cms = createEmbeddedCms(
  cmsOptionsFromEnv(parseEnv({ CMS_DATABASE_URL: `file:${path.join(scratch, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(scratch, 'uploads') })),
)
const source = withCheckedSections(
  createWpSource({ baseUrl: 'http://cms.test', timeoutMs: 5000, fetch: (input, init) => cms.fetch(new Request(input, init)) }),
)

/** No tag, analytics or chat configured. */
const env = Object.fromEntries(publicEnvKeys.map((key) => [key, null])) as PublicEnv
/** Not the context's default: markup that missed the page's image service would show other image addresses. */
const imageService = { cloudName: 'demo-cloud', siteUrl: 'https://www.example.test' }

/** The demo's pages: a file per page, `--` for a level of the path. */
const pageNames = (locale: string) =>
  readdirSync(`content/${locale}/pages`)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length).replaceAll('--', '/'))

async function readPage(locale: 'en' | 'de', pageName: string): Promise<{ data: PageData; page: ContentPage } | null> {
  // A page the demo keeps unpublished (the withdrawn offer) is not found, as on the site.
  const data = await source.getPage({ locale, pageName, extra: 'style' }).catch((error: unknown) => {
    if (error instanceof ContentNotFoundError) return null
    throw error
  })
  if (!data) return null
  return data.page.kind === 'page' && data.page.sections.length > 0 ? { data, page: data.page } : null
}

/** A page's sections as the page's renderer renders them, at `pathname`. */
async function renderSections(pathname: string, data: PageData, page: ContentPage): Promise<string> {
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [pathname] }) })
  await router.load()
  return renderToHtml(
    <RouterContextProvider router={router}>
      <ConsentProvider env={env}>
        <ShellProvider>
          <ImageServiceContext.Provider value={imageService}>
            <SectionsContent data={data} page={page} />
          </ImageServiceContext.Provider>
        </ShellProvider>
      </ConsentProvider>
    </RouterContextProvider>,
  )
}

async function renderInPlace(pathname: string, data: PageData, page: ContentPage): Promise<string> {
  const keeper = islandMarkupKeeper()
  keepIslandMarkupWith(null)
  try {
    return await renderSections(pathname, data, page)
  } finally {
    keepIslandMarkupWith(keeper)
  }
}

/** `useId`'s ids numbered in order of appearance: they differ between a render in place and a kept one, by design. */
function withoutIds(html: string): string {
  const ids = new Map<string, string>()
  return html.replace(/_(?:section-[\w-]+?-)?R_[0-9a-zA-Z]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`)
    return ids.get(id)!
  })
}

beforeAll(() => preloadAllBlocks())
beforeEach(() => forgetKeptMarkup())
afterEach(() => {
  keepIslandMarkupWith(null)
  overwriteGetLocale(() => 'en')
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('kept section markup', () => {
  it('is the HTML of a render in place on every demo page, in both languages', async () => {
    startKeepingIslandMarkup()
    let sections = 0
    const skipped: string[] = []
    for (const locale of ['en', 'de'] as const) {
      overwriteGetLocale(() => locale)
      for (const pageName of pageNames(locale)) {
        const read = await readPage(locale, pageName)
        if (!read) {
          skipped.push(`${locale} ${pageName}`)
          continue
        }
        const pathname = `${locale === 'en' ? '' : '/de'}/${pageName === 'home' ? '' : pageName}`
        sections += read.page.sections.length
        const inPlace = await renderInPlace(pathname, read.data, read.page)
        // The first render keeps what it can (a form's first render may wait for a field's code); the third sends it again.
        await renderSections(pathname, read.data, read.page)
        await renderSections(pathname, read.data, read.page)
        const kept = await renderSections(pathname, read.data, read.page)
        expect(withoutIds(kept), `${locale} ${pageName}`).toBe(withoutIds(inPlace))
      }
    }
    expect(skipped.length).toBeLessThan(10)
    // Most sections are kept: the rest carry the hero's preloaded image or CMS HTML with a hoisted element.
    expect(sections).toBeGreaterThan(60)
    expect(keptIslandCount()).toBeGreaterThan(sections / 2)
  })

  it('keeps a markup per path, and per query only for a section with a link that has one', async () => {
    startKeepingIslandMarkup()
    const read = (await readPage('en', 'services'))!
    await renderSections('/services', read.data, read.page)
    const count = keptIslandCount('section')
    expect(count).toBeGreaterThan(0)
    await renderSections('/services', read.data, read.page)
    expect(keptIslandCount('section')).toBe(count)
    // A tracking parameter or a reset token makes no new entries for links without a query.
    expect(withoutIds(await renderSections('/services?ref=mail&passToken=secret', read.data, read.page))).toBe(
      withoutIds(await renderInPlace('/services?ref=mail&passToken=secret', read.data, read.page)),
    )
    expect(keptIslandCount('section')).toBe(count)
    // Another page has markup of its own.
    await renderSections('/services/help-desk-support', read.data, read.page)
    expect(keptIslandCount('section')).toBe(2 * count)
    // The same content read again (a new object) is the same markup.
    const again = (await readPage('en', 'services'))!
    await renderSections('/services', again.data, again.page)
    expect(keptIslandCount('section')).toBe(2 * count)

    // A section with a link that has a query is kept per query: whether the router marks such
    // a link current may depend on the page's query (today CmsLink's never is).
    const cards: Section = {
      key: 'plans',
      layout: 'cards',
      data: { heading: 'Plans', items: [{ title: 'Pro', text: 'For teams', link: { label: 'Choose Pro', url: '/pricing?plan=pro' } }] },
      animate: false,
    }
    const page = { ...read.page, sections: [cards] }
    for (const pathname of ['/pricing?plan=pro', '/pricing?plan=basic', '/pricing?plan=pro']) {
      const kept = await renderSections(pathname, read.data, page)
      expect(withoutIds(kept), pathname).toBe(withoutIds(await renderInPlace(pathname, read.data, page)))
    }
    expect(keptIslandCount('section')).toBe(2 * count + 2)
  })

  it('gives the recent posts of the page it is on to a blog teaser', async () => {
    startKeepingIslandMarkup()
    const home = (await readPage('en', 'home'))!
    const teaser = home.page.sections.find((section) => section.layout === 'blog_teaser')
    expect(teaser).toBeDefined()
    const first = await renderSections('/', home.data, home.page)
    const [post] = home.page.recentPosts
    expect(post).toBeDefined()
    expect(first).toContain(post!.title)
    const renamed = {
      ...home.page,
      recentPosts: home.page.recentPosts.map((item, index) => (index === 0 ? { ...item, title: 'A renamed post' } : item)),
    }
    const changed = await renderSections('/', { ...home.data, page: renamed }, renamed)
    expect(changed).toContain('A renamed post')
    expect(changed).not.toContain(post!.title)
  })

  it('keeps a markup per locale: the same data at the same path in another language is rendered anew', async () => {
    startKeepingIslandMarkup()
    const home = (await readPage('en', 'home'))!
    await renderSections('/', home.data, home.page)
    overwriteGetLocale(() => 'de')
    const kept = await renderSections('/', home.data, home.page)
    const inPlace = await renderInPlace('/', home.data, home.page)
    // The blog teaser's dates and reading times are in the page's language.
    expect(inPlace).toContain('Min.')
    expect(withoutIds(kept)).toBe(withoutIds(inPlace))
  })
})
