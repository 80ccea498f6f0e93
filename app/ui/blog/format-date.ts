/**
 * Dates and numbers in the page's locale. The formatters are built once per locale: an
 * Intl formatter takes far longer to build than to use, and a page formats many dates.
 */
import { getLocale } from '../../paraglide/runtime'

function perLocale<F>(build: (locale: string) => F): () => F {
  const built = new Map<string, F>()
  return () => {
    const locale = getLocale()
    let formatter = built.get(locale)
    if (!formatter) built.set(locale, (formatter = build(locale)))
    return formatter
  }
}

const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }))
const numberFormat = perLocale((locale) => new Intl.NumberFormat(locale))

export function formatDate(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return dateFormat().format(date)
}

export function formatNumber(value: number): string {
  return numberFormat().format(value)
}
