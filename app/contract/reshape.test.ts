import { describe, expect, it } from 'vitest'
import { baseResponseFixture } from '../../tests/fixtures/wire'
import { reshapeBaseResponse, reshapeChat, reshapePopup } from './reshape'
import { reshapeMenu } from './reshape-site'
import { sanitizeSectionData } from './reshape-json'
import type { ContentPage, Page } from './model'
import { wireBaseResponse, wirePopupResponse } from './wire'
import { wireMenuItem } from './wire-site'

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

  it('decodes every plain-text field once: titles, meta, breadcrumbs, menus, widgets, names, terms, comments, forms, section text', () => {
    // `&amp;amp;` is the text "&amp;" encoded once: decoded once it stays "&amp;".
    const encoded = 'Price &amp; Webb &amp;amp; Co&#8217;s'
    const text = 'Price & Webb &amp; Co’s'
    const fixture = baseResponseFixture({
      result: {
        title: encoded,
        meta: { title: encoded, description: encoded, author: encoded, 'og:title': encoded, 'twitter:title': encoded },
        lang: [{ code: 'en', name: encoded, url: '/about', active: true }],
      },
      content: {
        breadcrumbs: [
          { url: '/', title: encoded },
          { url: '/about', title: encoded },
        ],
        widgets: { sidebar: [{ id: 'w1', widget_type: 'text', title: encoded, content: '<p>x</p>' }] },
        sections: [
          { layout: 'hero', heading: encoded, cta: { label: encoded, url: '/a?x=1&copy=2' }, items: [{ title: encoded }] },
          { layout: 'rich_text', body_html: '<p>Price &amp; Webb</p>' },
          {
            layout: 'image',
            image: { url: ' javascript:alert(1)', alt: encoded },
            link_url: 'data:text/html,x',
            button: { url: 'mailto:a@b.example' },
          },
        ],
        shortcode_data: {
          '1': {
            title: encoded,
            api_url: '',
            button: { text: encoded },
            fields: [
              { id: 1, label: encoded, type: 'text', placeholder: encoded, errorMessage: encoded, isRequired: false, cssClass: '' },
              { id: 2, label: 'Pick', type: 'select', isRequired: false, cssClass: '', options: [{ label: encoded, value: 'a&amp;b' }] },
            ],
          },
        },
      },
    })
    fixture.result.menu.primary[0]!.title = encoded
    fixture.result.options.organization.name = encoded
    const { page, menus, options } = reshape(fixture)
    expect(page.title).toBe(text)
    expect(page.meta).toMatchObject({ title: text, description: text, author: text, ogTitle: text, twitterTitle: text })
    expect(page.breadcrumbs.map((crumb) => crumb.title)).toEqual([text, text])
    expect(page.languages[0]?.name).toBe(text)
    expect(page.widgets.sidebar?.[0]?.title).toBe(text)
    expect(menus.primary[0]?.title).toBe(text)
    expect(options.organizationName).toBe(text)
    const { sections, forms } = contentPage(page)
    // Text is decoded; URLs are kept as given (`&copy=` is not ©); HTML stays HTML, sanitized.
    expect(sections[0]?.data).toEqual({ heading: text, cta: { label: text, url: '/a?x=1&copy=2' }, items: [{ title: text }] })
    expect(sections[1]?.data).toEqual({ body_html: '<p>Price &amp; Webb</p>' })
    // URLs with a scheme the site does not link to are emptied.
    expect(sections[2]?.data).toEqual({ image: { url: '', alt: text }, link_url: '', button: { url: 'mailto:a@b.example' } })
    const form = forms['1']
    expect(form).toMatchObject({ title: text, buttonText: text })
    expect(form?.fields[0]).toMatchObject({ label: text, placeholder: text, errorMessage: text })
    expect(form?.fields[1]?.options).toEqual([{ label: text, value: 'a&amp;b' }])
  })

  it('decodes articles: title, author, terms, neighbours and comment authors', () => {
    const encoded = 'Tom &amp; Jerry'
    const post = {
      id: 5,
      slug: 'p',
      title: encoded,
      excerpt: '<p>x</p>',
      content: '<p>x</p>',
      date: '2026-01-01',
      author: { name: encoded },
      featured_image: null,
      categories: [{ id: 1, name: encoded, slug: 'c' }],
      tags: [{ id: 2, name: encoded, slug: 't' }],
    }
    const { page } = reshape(
      baseResponseFixture({
        result: { type: 'post' },
        content: {
          blog_post: post,
          previous_post: { slug: 'a', title: encoded },
          next_post: { slug: 'b', title: encoded },
          comments: [{ id: 1, author: encoded, date: '2026-01-02', content: '<p>hi</p>' }],
          categories: [{ id: 1, name: encoded, slug: 'c' }],
        },
      }),
    )
    if (page.kind !== 'post') throw new Error(`expected an article, got ${page.kind}`)
    expect(page.post).toMatchObject({ title: 'Tom & Jerry', author: 'Tom & Jerry' })
    expect(page.post.categories[0]?.name).toBe('Tom & Jerry')
    expect(page.post.tags[0]?.name).toBe('Tom & Jerry')
    expect(page.categories[0]?.name).toBe('Tom & Jerry')
    expect(page.previousPost?.title).toBe('Tom & Jerry')
    expect(page.nextPost?.title).toBe('Tom & Jerry')
    expect(page.comments[0]?.author).toBe('Tom & Jerry')
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
    // An empty rule, markup and an @import: nothing of it is CSS worth keeping (page-css.test.ts has the rules).
    expect(page.customCss).toBe('')
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
    // A title is text: a `<` in it is a character, shown as such (React escapes it once).
    expect(popup).toEqual({ id: '3', title: '<b>Hi</b>', contentHtml: '<p>x</p>', className: 'a', forms: {} })
  })
})

describe('decodeText and htmlToText', () => {
  it('decode entities exactly once and never read text as tags', async () => {
    const { decodeText, htmlToText } = await import('./sanitize')
    expect(decodeText('a &amp;lt;b&amp;gt; &lt;i&gt;')).toBe('a &lt;b&gt; <i>')
    expect(decodeText('x<y and z')).toBe('x<y and z')
    expect(decodeText('  line\u000Bbreak\u0000 \n tab\t ')).toBe('line break tab')
    expect(decodeText('&quot;q&quot; &#39;s&#39; &nbsp;&#x1F600;')).toBe('"q" \'s\' \u{1F600}')
    expect(htmlToText('<p>Price &amp;amp; <b>Webb</b></p><script>alert(1)</script>')).toBe('Price &amp; Webb')
  })
})

describe('reshapeChat (requirements §3 chat)', () => {
  it('reads the built-in chat and Crisp by its website id; off, unknown or malformed is no chat', () => {
    expect(reshapeChat({ provider: 'builtin', widget_id: null, enabled: true })).toEqual({ provider: 'builtin' })
    expect(reshapeChat({ provider: 'crisp', widget_id: '0B2D8E4A-1111-4222-8333-444455556666', enabled: true })).toEqual({
      provider: 'crisp',
      widgetId: '0b2d8e4a-1111-4222-8333-444455556666',
    })
    expect(reshapeChat({ provider: 'builtin', enabled: false })).toBeNull()
    expect(reshapeChat({ provider: 'crisp', widget_id: 'not-a-uuid"><script>', enabled: true })).toBeNull()
    expect(reshapeChat({ provider: 'crisp', enabled: true })).toBeNull()
    expect(reshapeChat({ provider: 'zendesk', widget_id: 'abc', enabled: true })).toBeNull()
    expect(reshapeChat(false)).toBeNull()
    expect(reshapeChat(null)).toBeNull()
    expect(reshapeChat(undefined)).toBeNull()
  })

  it('parses false, null or a missing chat on the wire, and refuses a provider name that is not a name', () => {
    for (const chat of [false, null, undefined]) expect(reshape(baseResponseFixture({ result: { chat } })).page.chat).toBeNull()
    expect(reshape(baseResponseFixture({ result: { chat: { provider: 'builtin', enabled: true } } })).page.chat).toEqual({
      provider: 'builtin',
    })
    expect(wireBaseResponse.safeParse(baseResponseFixture({ result: { chat: { provider: 'a b', enabled: true } } })).success).toBe(false)
  })
})
