/**
 * Dates and numbers in the page's locale. The formatters are built once per locale: an
 * Intl formatter takes far longer to build than to use, and a page formats many dates.
 * DateText and NumberText write them marked, so that hydration can reuse the server's text.
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

/**
 * Marks an element whose text formatDate or formatNumber wrote (`date` on a `<time
 * datetime>`, `number` on a `<data value>`: DateText, NumberText). CMS HTML cannot carry it:
 * contract/sanitize.ts allows no data attributes there.
 */
const FORMATTED_ATTRIBUTE = 'data-formatted'

type Kind = 'date' | 'number'

/**
 * The dates and numbers the server wrote into this document, by kind, locale and value.
 * Building the browser's first Intl formatter takes 10–40 ms of the main thread (ICU's
 * locale data), ten times that on a throttled phone, and it happened inside the hydration
 * of every post and listing (decision 039). The server formatted each of the first page's
 * already, in the page's locale, so the browser takes its text: no formatter is built until
 * a page reached by client navigation shows a value the document does not hold. It is also
 * the text hydration must match, whatever the browser's own ICU would write.
 */
let documentTexts: Map<string, string> | undefined

function written(kind: Kind, value: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  documentTexts ??= new Map(
    Array.from(document.querySelectorAll(`[${FORMATTED_ATTRIBUTE}]`), (element) => [
      [
        element.getAttribute(FORMATTED_ATTRIBUTE),
        element.closest('[lang]')?.getAttribute('lang') ?? '',
        element.getAttribute(element.localName === 'time' ? 'datetime' : 'value'),
      ].join(' '),
      element.textContent ?? '',
    ]),
  )
  return documentTexts.get([kind, getLocale(), value].join(' ')) || undefined
}

export function formatDate(value: string): string {
  const text = written('date', value)
  if (text !== undefined) return text
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return dateFormat().format(date)
}

export function formatNumber(value: number): string {
  return written('number', String(value)) ?? numberFormat().format(value)
}

/** A post's or a comment's date. */
export function DateText({ value }: { value: string }) {
  return (
    <time dateTime={value} {...{ [FORMATTED_ATTRIBUTE]: 'date' }}>
      {formatDate(value)}
    </time>
  )
}

/** A count shown as a number, such as a category's posts. */
export function NumberText({ value }: { value: number }) {
  return (
    <data value={value} {...{ [FORMATTED_ATTRIBUTE]: 'number' }}>
      {formatNumber(value)}
    </data>
  )
}
