import { describe, expect, it } from 'vitest'
import { baseResponseFixture } from '../../tests/fixtures/wire'
import { reshapeBaseResponse, reshapeMenu, reshapePopup, sanitizeSectionData } from './reshape'
import type { ContentPage, Page } from './model'
import { wireBaseResponse, wireMenuItem, wirePopupResponse } from './wire'

const reshape = (input: ReturnType<typeof baseResponseFixture>) => reshapeBaseResponse(wireBaseResponse.parse(input))

function contentPage(page: Page): ContentPage {
  if (page.kind !== 'page') throw new Error(`expected a page of sections, got ${page.kind}`)
  return page
}

describe('reshapeBaseResponse', () => {
  it('turns the wire page into app types', () => {
    const { page, options } = reshape(baseResponseFixture())
    expect(page).toMatchObject({ id: '7', slug: 'about', title: 'About us', kind: 'page', layout: 'default', bodyClass: 'page page-about' })
    expect(page.meta).toMatchObject({ title: 'About | Acme', description: 'Who we are', ogImage: 'https://cdn.example.com/a.png' })
    expect(contentPage(page).sections.map((section) => section.key)).toEqual(['hero-0', 'rich_text-1'])
    expect(options).toMatchObject({ organizationName: 'Acme IT', hostUrl: 'https://www.acme.example/' })
  })

  it('rewrites backend URLs into app routes (menus, breadcrumbs, languages)', () => {
    const { page, menus } = reshape(baseResponseFixture())
    expect(menus.primary[0]).toMatchObject({ title: 'Services', href: '/services', internal: true, newTab: false })
    expect(menus.primary[0]?.children[0]).toMatchObject({ title: 'Cloud', href: '/services/cloud', internal: true })
    expect(menus.primary[1]).toMatchObject({ href: 'https://status.example.org/', internal: false, newTab: true })
    expect(page.breadcrumbs).toEqual([
      { href: '/', title: 'Home', internal: true },
      { href: '/about', title: 'About', internal: true },
    ])
    expect(page.languages.map((language) => language.href)).toEqual(['/about', '/about'])
    expect(menus['footer-1']).toEqual([])
  })

  it("shows WordPress's encoded titles as characters, decoded once", () => {
    const fixture = baseResponseFixture()
    fixture.result.page.data.result.title = 'Don&#8217;t wait &amp; see: Price &amp; Webb &lt;3'
    const { page } = reshape(fixture)
    expect(page.title).toBe('Don’t wait & see: Price & Webb <3')
  })

  it('sanitizes HTML, class names and page CSS', () => {
    const { page } = reshape(
      baseResponseFixture({
        result: {
          body_classes: ['ok-class', '"><script>', 'x onload=alert(1)'],
          custom_css: 'body{}</style><script>alert(1)</script>@import url(//evil.example/x.css);',
        },
        content: {
          pageContent:
            '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"></p>',
          sections: [
            { layout: 'rich_text', body_html: '<iframe src="https://evil.example"></iframe><b>bold</b>', heading: '<b>kept as text</b>' },
          ],
        },
      }),
    )
    expect(page.bodyClass).toBe('ok-class x')
    expect(page.customCss).not.toContain('<')
    expect(page.customCss).not.toContain('@import')
    expect(page.customCss.startsWith('[data-page="7"]{')).toBe(true)
    expect(contentPage(page).pageContentHtml).toBe('<p>Hi<a>x</a><img src="x" /></p>')
    expect(contentPage(page).sections[0]?.data).toEqual({ body_html: '<b>bold</b>', heading: '<b>kept as text</b>' })
  })

  it('treats a result with the error flag as data the adapter turns into 404', () => {
    const parsed = wireBaseResponse.parse(baseResponseFixture({ result: { error: true } }))
    expect(parsed.result.page.data.result.error).toBe(true)
  })
})

describe('reshapeMenu', () => {
  const item = (id: number, parent: number | false, url = `/p${id}`, title = `Item ${id}`) =>
    wireMenuItem.parse({ id, title, url, post_parent: parent })

  it('nests items by post_parent and keeps their order', () => {
    const tree = reshapeMenu([item(1, false), item(2, 1), item(3, 1), item(4, false), item(5, 4)], { ownOrigins: [] })
    expect(tree.map((link) => link.id)).toEqual(['1', '4'])
    expect(tree[0]?.children.map((link) => link.id)).toEqual(['2', '3'])
  })

  it('keeps orphans at the top level and drops unsafe links', () => {
    const tree = reshapeMenu([item(1, 99), item(2, false, 'javascript:alert(1)'), item(3, false, '#popup-newsletter')], { ownOrigins: [] })
    expect(tree.map((link) => link.id)).toEqual(['1', '3'])
    expect(tree[1]?.popupId).toBe('newsletter')
  })
})

describe('custom CSS scoping', () => {
  it('nests page CSS in the page scope and drops CSS that could escape it', async () => {
    const { scopeCustomCss } = await import('./sanitize')
    expect(scopeCustomCss('h2 { color: red; }', '[data-page="3"]')).toBe('[data-page="3"]{h2 { color: red; }}')
    expect(scopeCustomCss('} body { display: none', '[data-page="3"]')).toBe('')
    expect(scopeCustomCss('h2 { color: red; } }  body { display:none }', '[data-page="3"]')).toBe('')
    expect(scopeCustomCss('/* only a comment */', '[data-page="3"]')).toBe('')
  })
})

describe('sanitizeSectionData', () => {
  it('sanitizes *html fields at any depth and drops prototype keys', () => {
    const data = JSON.parse('{"items":[{"text_html":"<script>x</script><em>y</em>","title":"<em>t</em>"}],"__proto__":{"x":1}}')
    expect(sanitizeSectionData(data)).toEqual({ items: [{ text_html: '<em>y</em>', title: '<em>t</em>' }] })
  })
})

describe('reshapePopup', () => {
  it('cleans title, content and class name', () => {
    const popup = reshapePopup(
      wirePopupResponse.parse({
        result: { props: { id: 3, title: '<b>Hi</b>', content: '<p>x<script>1</script></p>', options: { classname: 'a "b' } } },
      }),
    )
    expect(popup).toEqual({ id: '3', title: 'Hi', contentHtml: '<p>x</p>', className: 'a', forms: {} })
  })
})
