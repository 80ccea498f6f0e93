// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

let locale: 'en' | 'de' = 'en'

// The module reads the document's texts once: each test loads it afresh.
async function load() {
  vi.resetModules()
  const runtime = await import('../../paraglide/runtime')
  runtime.overwriteGetLocale(() => locale)
  return import('./format-date')
}

afterEach(() => {
  locale = 'en'
  document.documentElement.removeAttribute('lang')
  document.body.innerHTML = ''
})

describe('dates and numbers in the browser (decision 039)', () => {
  it('takes the texts the server wrote for the page, and formats only the others', async () => {
    const { formatDate, formatNumber } = await load()
    // What the server sent (DateText's and NumberText's markup, below), with texts the browser would not write.
    document.documentElement.lang = 'de'
    document.body.innerHTML =
      '<main><p><time dateTime="2026-10-14" data-formatted="date">the server’s date</time> ' +
      '(<data value="1234" data-formatted="number">the server’s number</data>)</p></main>'
    locale = 'de'
    expect(formatDate('2026-10-14')).toBe('the server’s date')
    expect(formatNumber(1234)).toBe('the server’s number')
    expect(formatDate('2026-03-02')).toBe('2. März 2026')
    expect(formatNumber(56789)).toBe('56.789')
    // The same values in another locale are formatted, not taken from the German page.
    locale = 'en'
    expect(formatDate('2026-10-14')).toBe('October 14, 2026')
    expect(formatNumber(1234)).toBe('1,234')
  })

  it('ignores elements it did not write, such as a `<time>` in CMS HTML', async () => {
    const { formatDate, formatNumber } = await load()
    document.documentElement.lang = 'en'
    document.body.innerHTML = '<div class="cms-html"><time datetime="2026-10-14">tomorrow, honest</time> <data value="7">many</data></div>'
    expect(formatDate('2026-10-14')).toBe('October 14, 2026')
    expect(formatNumber(7)).toBe('7')
  })

  it('renders the values formatted in the page’s locale on the server, marked for the browser', async () => {
    const { DateText, NumberText } = await load()
    locale = 'de'
    expect(renderToString(<DateText value="2026-10-14" />)).toBe(
      '<time dateTime="2026-10-14" data-formatted="date">14. Oktober 2026</time>',
    )
    expect(renderToString(<NumberText value={1234} />)).toBe('<data value="1234" data-formatted="number">1.234</data>')
  })
})
