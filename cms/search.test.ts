import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createSearchIndex, damerauLevenshtein, highlight, words } from './search'

const store = createContentStore(path.resolve('tests/fixtures/search-content'), ['en', 'de'], 'en')
const database = openDatabase(':memory:')
const index = createSearchIndex(() => database, store, 'en')

describe('site search (FTS5)', () => {
  it('ranks a title match above body matches', async () => {
    const answer = await index.search('en', 'service')
    expect(answer.results.map((hit) => hit.title)).toEqual(['Managed service', 'Printers', 'Backup basics'])
    expect(answer.total).toBe(3)
  })

  it('finds stems: "backups" and "backup" are the same word', async () => {
    expect((await index.search('en', 'backup')).results[0]?.title).toBe('Backup basics')
    expect((await index.search('en', 'backups')).results[0]?.title).toBe('Backup basics')
  })

  it('stems German: "Sicherungen" finds "Sicherung"', async () => {
    const answer = await index.search('de', 'Sicherungen')
    expect(answer.results.map((hit) => (hit.type === 'item' ? hit.slug : hit.url))).toEqual(['/de/blog/sicherung'])
  })

  it('corrects typos: "sevrice" finds "service" and says so', async () => {
    const answer = await index.search('en', 'sevrice')
    expect(answer.total).toBe(3)
    expect(answer.corrected).toBe('service')
  })

  it('never returns drafts and keeps locales apart', async () => {
    expect((await index.search('en', 'draft')).total).toBe(0)
    expect((await index.search('de', 'printers')).total).toBe(0)
  })

  it('highlights matches in an escaped snippet', async () => {
    const hit = (await index.search('en', 'printers fixes')).results[0]
    expect(hit?.excerpt).toContain('<mark>Printers</mark>')
    expect(hit?.excerpt).toContain('<mark>fixes</mark>')
  })

  it('treats hostile and huge queries as text', async () => {
    expect((await index.search('en', '"<script>alert(1)</script>" OR * NEAR(')).results).toEqual([])
    expect((await index.search('en', 'x'.repeat(10_000))).total).toBe(0)
    expect((await index.search('en', '\u0000')).total).toBe(0)
    expect(highlight('<b>service</b> & more', new Set(['servic']), (word) => word.replace(/e$/, ''))).toBe(
      '&#60;b&#62;<mark>service</mark>&#60;/b&#62; &#38; more',
    )
  })

  it('pages through results', async () => {
    const second = await index.search('en', 'service', { page: 2, perPage: 2 })
    expect(second.results.map((hit) => hit.title)).toEqual(['Backup basics'])
  })
})

describe('search helpers', () => {
  it('folds case and diacritics into words', () => {
    expect(words('Über-Prüfung, CAFÉ 42')).toEqual(['uber', 'prufung', 'cafe', '42'])
  })

  it('counts a transposition as one edit', () => {
    expect(damerauLevenshtein('sevric', 'servic')).toBe(1)
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3)
  })
})
