/**
 * The footer's and the navigation bar's server markup, rendered once and sent again
 * (docs/decisions/042): byte for byte the HTML a render in place gives, which the browser
 * hydrates; a markup of its own on a page one of its links is current for; never kept
 * when it would carry an id or a resource the browser's render does not make.
 */
import { createMemoryHistory, createRootRoute, createRouter, Link, RouterContextProvider } from '@tanstack/react-router'
import { useId } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { couldBeCurrent } from '../../components/shell/frame-markup-key'
import { NavBar } from '../../components/shell/primary-nav'
import { SiteFooter } from '../../components/shell/site-footer'
import { publicEnvKeys, type PublicEnv } from '../../config/site'
import type { MenuLink, Menus, SiteOptions } from '../../contract/model'
import { overwriteGetLocale } from '../../paraglide/runtime'
import { ConsentProvider } from '../../ui/consent-state'
import { islandMarkupKeeper, keepIslandMarkupWith } from '../../ui/kept-markup'
import { ShellProvider } from '../../ui/shell-state'
import { forgetKeptMarkup, keptIslandCount, startKeepingIslandMarkup } from './island-markup.server'
import { renderToHtml } from '../../../tests/support/render-html'

function link(id: string, title: string, href: string, internal = true): MenuLink {
  return { id, title, href, internal, newTab: false, popupId: null, parentId: null, children: [] }
}

const menus: Menus = {
  primary: [link('1', 'Services', '/services'), link('2', 'Pricing', '/pricing'), link('3', 'Blog', '/blog')],
  'primary-submenu': [{ ...link('4', 'Help desk', '/services/help-desk'), parentId: '1' }],
  'footer-1': [link('5', 'Help desk', '/services/help-desk'), link('6', 'Pricing', '/pricing')],
  'footer-2': [link('7', 'Guides', '/blog/category/guides'), link('8', 'Status', 'https://status.example/', false)],
  'footer-3': [link('9', 'About', '/about')],
  'footer-4': [],
  socials: [link('10', 'linkedin', 'https://www.linkedin.com/company/example', false)],
}

const options: SiteOptions = {
  organizationName: 'Example IT',
  logoUrl: '/logo.svg',
  hostUrl: 'https://www.example.test/',
  siteUrl: 'https://www.example.test',
  ownOrigins: ['https://www.example.test'],
  addressHtml: '<p>1 High Street</p>',
  phone: null,
  shopUrl: 'https://shop.example.test/',
  reviewBadge: { label: 'Rated 4.9/5', url: 'https://reviews.example/' },
  statusBadge: null,
  palette: [],
}

/** No tag, analytics or chat configured. */
const env = Object.fromEntries(publicEnvKeys.map((key) => [key, null])) as PublicEnv

/** The frame's parts as the page's renderer renders them, at `path`. */
async function renderFrame(path: string, frameMenus: Menus = menus): Promise<string> {
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [path] }) })
  await router.load()
  return renderToHtml(
    <RouterContextProvider router={router}>
      <ConsentProvider env={env}>
        <ShellProvider>
          <NavBar menus={frameMenus} options={options} languages={[]} variant="default" />
          <SiteFooter menus={frameMenus} options={options} variant="default" />
        </ShellProvider>
      </ConsentProvider>
    </RouterContextProvider>,
  )
}

async function renderInPlace(path: string): Promise<string> {
  const keeper = islandMarkupKeeper()
  keepIslandMarkupWith(null)
  try {
    return await renderFrame(path)
  } finally {
    keepIslandMarkupWith(keeper)
  }
}

function currentLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)/g)].map((match) => match[1] ?? '')
}

beforeEach(() => forgetKeptMarkup())
afterEach(() => {
  keepIslandMarkupWith(null)
  overwriteGetLocale(() => 'en')
})

describe('kept frame markup', () => {
  it('is the HTML a render in place gives, byte for byte, on pages with and without a current link', async () => {
    startKeepingIslandMarkup()
    for (const path of ['/', '/pricing', '/blog/a-post', '/services/help-desk', '/about', '/de/about', '/contact?ref=x']) {
      const first = await renderFrame(path)
      const kept = await renderFrame(path)
      const inPlace = await renderInPlace(path)
      expect(kept, path).toBe(inPlace)
      expect(first, path).toBe(inPlace)
    }
  })

  it('is rendered once for every page none of its links is current for, and once more for a page one is', async () => {
    startKeepingIslandMarkup()
    await renderFrame('/contact')
    // The primary menu, the bar's buttons and the footer.
    expect(keptIslandCount()).toBe(3)
    await renderFrame('/blog-archive')
    await renderFrame('/careers')
    expect(keptIslandCount()).toBe(3)

    // The bar's buttons have no link: the same markup everywhere. The menu and the footer link to /pricing.
    const pricing = await renderFrame('/pricing')
    expect(keptIslandCount()).toBe(5)
    expect(currentLinks(pricing)).toEqual(['Pricing', 'Pricing'])
    // Below a link's path it is current too: the primary menu's Blog, not the footer's Guides.
    expect(currentLinks(await renderFrame('/blog/a-post'))).toEqual(['Blog'])
    expect(currentLinks(await renderFrame('/blog/category/guides'))).toEqual(['Blog', 'Guides'])
    expect(currentLinks(await renderFrame('/careers'))).toEqual([])
    // The logo links home: current on the home page only.
    expect(await renderFrame('/')).toMatch(/<a [^>]*aria-current="page"[^>]*><img src="\/logo.svg"/)
    expect(await renderFrame('/contact')).not.toContain('aria-current')
  })

  it('is rendered anew for other menus and in another locale', async () => {
    startKeepingIslandMarkup()
    const english = await renderFrame('/contact')
    const renamed = { ...menus, 'footer-3': [link('9', 'About us', '/about')] }
    expect(await renderFrame('/contact', renamed)).toContain('About us</a>')
    // Menus read again (new objects with the same content) are the same menus.
    const before = keptIslandCount()
    expect(await renderFrame('/contact', structuredClone(menus))).toBe(english)
    expect(keptIslandCount()).toBe(before)

    overwriteGetLocale(() => 'de')
    const german = await renderFrame('/contact')
    expect(german).toContain('aria-label="Hauptmenü"')
    expect(english).not.toContain('Hauptmenü')
  })

  it("leaves the logo's image preload to the page's renderer, outside the kept markup", async () => {
    startKeepingIslandMarkup()
    await renderFrame('/contact')
    const html = await renderFrame('/contact')
    expect(html.match(/<link rel="preload" as="image" href="\/logo.svg"\/>/g)).toHaveLength(1)
    expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('<div'))
  })

  it('is not kept when the part uses an id or asks for a resource: the browser could not hydrate it', () => {
    startKeepingIslandMarkup()
    const keeper = islandMarkupKeeper()!
    function Labelled() {
      const id = useId()
      return <span id={id}>label</span>
    }
    expect(keeper('with-id', null, <Labelled />, 'frame')).toBeNull()
    expect(keeper('with-image', null, <img src="/photo.webp" alt="" />, 'frame')).toBeNull()
    expect(keeper('with-title', null, <title>Page</title>, 'frame')).toBeNull()
    expect(keeper('plain', null, <p>text</p>, 'frame')).toBe('<p>text</p>')
    // Refused once, not rendered again for the same key.
    let renders = 0
    function Counted() {
      renders++
      return <img src="/photo.webp" alt="" />
    }
    expect(keeper('counted', null, <Counted />, 'frame')).toBeNull()
    expect(keeper('counted', null, <Counted />, 'frame')).toBeNull()
    expect(renders).toBe(1)
    // A part that throws renders in place, where the page's renderer reports it.
    function Failing(): never {
      throw new Error('broken part')
    }
    expect(keeper('failing', null, <Failing />, 'frame')).toBeNull()
    // An island's part (a form) is thrown away by the browser: its ids are prefixed and kept.
    expect(keeper('island-with-id', 'island-', <Labelled />, 'form')).toContain('id="_island-R_')
  })
})

describe('a link that could be current', () => {
  const links = ['/', '/about', '/about/', '/blog', '/blog/category/guides', '/de/about', '/pricing?plan=pro', '/services']
  const pages = ['/', '/about', '/about/team', '/aboutus', '/blog', '/blog/a-post', '/de', '/de/about', '/pricing', '/services/help-desk']

  it("includes every link TanStack Router marks as the page's", async () => {
    const marked: string[] = []
    for (const page of pages) {
      const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [page] }) })
      await router.load()
      for (const to of links) {
        const html = await renderToHtml(
          <RouterContextProvider router={router}>
            <Link to={to}>x</Link>
          </RouterContextProvider>,
        )
        if (html.includes('aria-current="page"')) marked.push(`${to} on ${page}`)
      }
    }
    expect(marked).toContain('/blog on /blog/a-post')
    const missed = marked.filter((pair) => {
      const [to = '', page = ''] = pair.split(' on ')
      return !couldBeCurrent(to, page)
    })
    expect(missed).toEqual([])
  })

  it('excludes links to other paths', () => {
    expect(couldBeCurrent('/about', '/aboutus')).toBe(false)
    expect(couldBeCurrent('/', '/about')).toBe(false)
    expect(couldBeCurrent('/blog/category/guides', '/blog/a-post')).toBe(false)
    expect(couldBeCurrent('/services/help-desk', '/services')).toBe(false)
    expect(couldBeCurrent('/blog', '/blog/a-post')).toBe(true)
    expect(couldBeCurrent('/about', '/de/about')).toBe(true)
  })
})
