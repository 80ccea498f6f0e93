import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogLocales } from '../../app/config/site'

type Catalog = Record<string, string>
const load = (locale: string): Catalog => {
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Catalog
  return messages
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort()

describe('message catalogs (requirements §9: de, en, es, fr, hr, hu, it, ja, no, pt, ru, uk)', () => {
  const en = load('en')

  for (const locale of catalogLocales) {
    it(`${locale} has exactly the keys of en, each translated with the same placeholders`, () => {
      const catalog = load(locale)
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort())
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), `${locale}.${key} is empty`).not.toBe('')
        expect(placeholders(text), `${locale}.${key} placeholders`).toEqual(placeholders(en[key] ?? ''))
      }
    })

    it(`${locale} names each key once (JSON keeps only the last of two, silently)`, () => {
      const keys = [...readFileSync(`messages/${locale}.json`, 'utf8').matchAll(/^\s*"([^"]+)"\s*:/gm)].map((match) => match[1])
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
    })
  }
})
