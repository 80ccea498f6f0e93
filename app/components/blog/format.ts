import { getLocale } from '../../paraglide/runtime'

export function formatDate(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(getLocale()).format(value)
}
