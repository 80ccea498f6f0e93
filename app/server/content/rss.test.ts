import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { renderRss, rfc822 } from './rss.server'

const feed = renderRss({
  title: 'Blog & news',
  link: 'https://www.example.com/blog',
  description: 'Advice <for> everyone',
  language: 'en',
  selfUrl: 'https://www.example.com/blog/rss.xml',
  items: [
    { title: 'First <post>', link: 'https://www.example.com/blog/first', description: 'One', date: '2026-10-28', categories: ['Guides'] },
    { title: 'Second', link: 'https://www.example.com/blog/second', description: 'Two', date: 'not a date', categories: [] },
  ],
})

function xpath(xml: string, expression: string): string {
  // The feed on stdin: the test writes nothing outside the repository.
  return execFileSync('xmllint', ['--xpath', expression, '-'], { input: xml, encoding: 'utf8' }).trim()
}

describe('RSS 2.0 feed', () => {
  it('is well-formed XML with the RSS 2.0 structure: rss@version, one channel with title, link and description', () => {
    expect(xpath(feed, 'string(/rss/@version)')).toBe('2.0')
    expect(xpath(feed, 'count(/rss/channel)')).toBe('1')
    for (const element of ['title', 'link', 'description']) expect(xpath(feed, `count(/rss/channel/${element})`)).toBe('1')
    expect(xpath(feed, 'string(/rss/channel/title)')).toBe('Blog & news')
  })

  it('gives every item a title, link, guid and an RFC 822 pubDate when the date is known', () => {
    expect(xpath(feed, 'count(/rss/channel/item)')).toBe('2')
    expect(xpath(feed, 'count(/rss/channel/item[title and link and guid])')).toBe('2')
    expect(xpath(feed, 'string(/rss/channel/item[1]/pubDate)')).toBe('Wed, 28 Oct 2026 00:00:00 GMT')
    expect(xpath(feed, 'count(/rss/channel/item[2]/pubDate)')).toBe('0')
    expect(xpath(feed, 'string(/rss/channel/item[1]/title)')).toBe('First <post>')
    expect(rfc822('2026-10-28')).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/)
  })
})

describe('text XML cannot carry', () => {
  // Every character XML 1.0 forbids, beside text that must survive: a vertical tab and a
  // form feed pasted from Word, NUL, other C0 controls, U+FFFE/U+FFFF and lone surrogates.
  const forbidden = '\u0000\u0001\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF\uDFFF\uD800'
  const hostile = renderRss({
    title: `Price & Webb\u000Bnews${forbidden}`,
    link: 'https://www.example.com/blog',
    description: `Line one\u000Bline two \uD83D\uDE00 tab\tkept`,
    language: 'en',
    selfUrl: 'https://www.example.com/blog/rss.xml',
    items: [
      {
        title: `A${forbidden}B`,
        link: 'https://www.example.com/blog/a',
        description: 'x\u0000y',
        date: '2026-10-28',
        categories: [`C\u000Bat`],
      },
    ],
  })

  it('drops C0 controls other than tab, LF and CR, U+FFFE, U+FFFF and lone surrogates, so a strict parser reads the feed', () => {
    // xmllint refuses the whole document if one forbidden character is left.
    expect(xpath(hostile, 'string(/rss/channel/title)')).toBe('Price & Webbnews')
    expect(xpath(hostile, 'string(/rss/channel/item/title)')).toBe('AB')
    expect(xpath(hostile, 'string(/rss/channel/item/description)')).toBe('xy')
    expect(xpath(hostile, 'string(/rss/channel/item/category)')).toBe('Cat')
  })

  it('keeps what XML allows: tabs and characters outside the BMP (a surrogate pair)', () => {
    expect(xpath(hostile, 'string(/rss/channel/description)')).toBe('Line oneline two \u{1F600} tab\tkept')
  })

  it('escapes once: an ampersand in a decoded title is written as one entity', () => {
    expect(hostile).toContain('<title>Price &amp; Webbnews</title>')
    expect(hostile).not.toContain('&amp;amp;')
  })
})
