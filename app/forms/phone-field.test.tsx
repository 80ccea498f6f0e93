/** The phone field's country picker (requirements §5: GB by default; the visitor can pick another country). */
import { renderToString } from 'react-dom/server'
import { getCountries } from 'react-phone-number-input/input'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FormField } from '../contract/forms/definition'
import { overwriteGetLocale } from '../paraglide/runtime'
import PhoneField, { countriesInOrder, countryCatalogs } from './phone-field'

const field: FormField = {
  id: '3',
  key: 'input_3',
  name: 'phone',
  label: 'Phone',
  kind: 'phone',
  placeholder: '',
  description: '',
  required: false,
  readOnly: false,
  visible: true,
  cssClass: '',
  pageNumber: 1,
  logic: null,
  options: [],
  errorMessage: null,
  defaultValue: '',
}

/** The picker's option labels, in order, and the selected one. */
function picker(locale: 'en' | 'de') {
  overwriteGetLocale(() => locale)
  const html = renderToString(<PhoneField field={field} value="" error={null} onChange={() => {}} />)
  const labels = [...html.matchAll(/<option value="([A-Z]{2})"( selected="")?>([^<]+)<\/option>/g)]
  return { labels: labels.map((match) => match[3]!), selected: labels.filter((match) => match[2]).map((match) => match[1]) }
}

afterEach(() => overwriteGetLocale(() => 'en'))

describe('PhoneField', () => {
  it('lists every country with its calling code, GB chosen', () => {
    const { labels, selected } = picker('en')
    expect(labels.length).toBeGreaterThan(200)
    expect(labels).toContain('United Kingdom (+44)')
    expect(labels).toContain('Germany (+49)')
    expect(selected).toEqual(['GB'])
  })

  it("sorts the countries in the page's language, by its alphabet", () => {
    const english = picker('en').labels
    expect(english[0]).toBe('Afghanistan (+93)')
    const german = picker('de').labels
    // German collation puts Ä with A (a plain sort of the text would put it after Z)…
    expect(german.indexOf('Ägypten (+20)')).toBeLessThan(german.indexOf('Albanien (+355)'))
    expect(german.indexOf('Deutschland (+49)')).toBeLessThan(german.indexOf('Frankreich (+33)'))
    // …and each language is in its own order, made once and kept: asking again gives the same list.
    expect(picker('de').labels).toEqual(german)
    expect(picker('en').labels).toEqual(english)
    expect(english).not.toEqual(german)
  })

  // The order is made without a collator (the first in a page loads ICU's data in the form's
  // render, docs/decisions/070): for every name of both catalogs it is the collator's order.
  it.each(['en', 'de'] as const)('orders the %s catalog exactly as the locale’s collator does', (locale) => {
    const names = countryCatalogs[locale]
    const collator = new Intl.Collator(locale)
    const name = (code: string) => names[code] ?? code
    const collated = getCountries().sort((a, b) => collator.compare(name(a), name(b)))
    expect(countriesInOrder(names)).toEqual(collated)
  })

  it('makes no collator when it renders', async () => {
    vi.resetModules()
    const collators = vi.spyOn(Intl, 'Collator')
    try {
      const runtime = await import('../paraglide/runtime')
      const { default: Fresh } = await import('./phone-field')
      for (const locale of ['de', 'en'] as const) {
        runtime.overwriteGetLocale(() => locale)
        expect(renderToString(<Fresh field={field} value="" error={null} onChange={() => {}} />)).toContain('(+49)')
      }
      expect(collators).not.toHaveBeenCalled()
    } finally {
      collators.mockRestore()
    }
  })
})
