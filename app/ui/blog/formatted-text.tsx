/** Dates and numbers in the page's locale, marked so that hydration can reuse the server's text (format-date.ts). */
import { FORMATTED_ATTRIBUTE, formatDate, formatNumber } from './format-date'

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
