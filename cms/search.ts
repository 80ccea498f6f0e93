/**
 * Site search for the embedded CMS: SQLite full-text search (FTS5) over every published
 * page and post of a locale. Words are stemmed with the locale's Snowball stemmer (so
 * "backups" finds "backup", "Sicherungen" finds "Sicherung"), ranked with BM25 (titles
 * count ten times), and a word that matches nothing is corrected to the nearest indexed
 * word (Damerau-Levenshtein), so "sevrice" finds "service".
 */
import type { Client } from '@libsql/client'
import snowball from 'snowball-stemmers'
import type { ContentStore, LocaleContent } from './content-store'
import { localePrefix, pagePath, postPath } from './paths'

/** A page or post by URL; an item of a content type by type and slug, whose path the site builds (decision 029). */
type SearchHit = { title: string; /** HTML: escaped text with the matched words in <mark>. */ excerpt: string } & (
  { type: 'page' | 'post'; url: string } | { type: 'item'; item_type: string; slug: string }
)

interface SearchAnswer {
  query: string
  total: number
  page: number
  perPage: number
  results: SearchHit[]
  /** The query as corrected, when a word was corrected. */
  corrected: string | null
}

const STEMMER_LANGUAGES: Record<string, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  pt: 'portuguese',
  no: 'norwegian',
  hu: 'hungarian',
  ru: 'russian',
}

function stemmerFor(locale: string) {
  const language = STEMMER_LANGUAGES[locale]
  const stemmer = language ? snowball.newStemmer(language) : null
  return (word: string) => (stemmer ? stemmer.stem(word) : word)
}

/** Lowercased words without diacritics, as the index sees them. */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}

export function damerauLevenshtein(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1)
      d[i]![j] = value
    }
  }
  return d[a.length]![b.length]!
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A ~180-character window around the first matched word, with matches marked. */
export function highlight(text: string, stems: ReadonlySet<string>, stem: (word: string) => string, size = 180): string {
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
  const isMatch = (word: string) => stems.has(stem(words(word)[0] ?? ''))
  const first = tokens.find((token) => isMatch(token[0]))
  const start = first?.index !== undefined ? Math.max(0, first.index - 60) : 0
  let end = Math.min(text.length, start + size)
  let slice = text.slice(start, end)
  if (end < text.length) {
    const cut = slice.lastIndexOf(' ')
    if (cut > size / 2) {
      slice = slice.slice(0, cut)
      end = start + cut
    }
  }
  const marked = slice.replace(/[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu, (part) =>
    isMatch(part) ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part),
  )
  return `${start > 0 ? '…' : ''}${marked}${end < text.length ? '…' : ''}`
}

/** A real word from the texts whose stem is `wanted` (to show "Did you mean …"). */
function wordForStem(wanted: string, texts: string[], stem: (word: string) => string): string {
  for (const text of texts) {
    for (const word of words(text)) if (stem(word) === wanted) return word
  }
  return wanted
}

interface Doc {
  type: 'page' | 'post' | 'item'
  title: string
  /** A page's or post's URL; an item's `{type}/{slug}`. */
  url: string
  text: string
}

function documentsOf(content: LocaleContent, prefix: string): Doc[] {
  const sectionText = (value: unknown): string => {
    if (typeof value === 'string') return value.replace(/<[^>]*>/g, ' ')
    if (Array.isArray(value)) return value.map(sectionText).join(' ')
    if (value && typeof value === 'object') {
      return Object.entries(value)
        .filter(([key]) => key !== 'layout' && key !== 'url' && key !== 'form_id')
        .map(([, entry]) => sectionText(entry))
        .join(' ')
    }
    return ''
  }
  const pages = [...content.pages.values()]
    .filter((page) => page.status === 'publish' && !page.error && !/noindex/i.test(page.meta.robots ?? ''))
    .map((page) => ({
      type: 'page' as const,
      title: page.title,
      url: `${prefix}${pagePath(page.path)}`,
      text: `${page.meta.description ?? ''} ${sectionText(page.sections)} ${page.pageContent.replace(/<[^>]*>/g, ' ')}`
        .replace(/\s+/g, ' ')
        .trim(),
    }))
  const posts = content.posts
    .filter((post) => post.status === 'publish')
    .map((post) => ({
      type: 'post' as const,
      title: post.title,
      url: `${prefix}${postPath(post.slug)}`,
      text: `${post.excerpt} ${post.text}`,
    }))
  const items = [...content.items.values()]
    .flat()
    .flatMap((item) =>
      item.status === 'publish'
        ? [{ type: 'item' as const, title: item.title, url: `${item.type}/${item.slug}`, text: `${item.excerpt} ${item.text}` }]
        : [],
    )
  return [...pages, ...posts, ...items]
}

export interface SearchIndex {
  search(locale: string, query: string, options?: { page?: number; perPage?: number; types?: Array<Doc['type']> }): Promise<SearchAnswer>
  /** Forget the index (content changed); it is rebuilt on the next search. */
  invalidate(): void
}

export function createSearchIndex(database: () => Promise<Client>, store: ContentStore, defaultLocale: string): SearchIndex {
  let built: Promise<Client> | null = null

  async function build(): Promise<Client> {
    const db = await database()
    await db.executeMultiple(`
      DROP TABLE IF EXISTS search_docs;
      DROP TABLE IF EXISTS search_vocab;
      CREATE VIRTUAL TABLE search_docs USING fts5(locale UNINDEXED, type UNINDEXED, url UNINDEXED, title UNINDEXED, body UNINDEXED, title_stems, body_stems, tokenize = 'unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_docs, 'row');
    `)
    const statements = []
    for (const locale of store.locales()) {
      const content = await store.get(locale)
      if (!content) continue
      const stem = stemmerFor(locale)
      const prefix = localePrefix(locale, defaultLocale)
      for (const doc of documentsOf(content, prefix)) {
        statements.push({
          sql: 'INSERT INTO search_docs (locale, type, url, title, body, title_stems, body_stems) VALUES (?, ?, ?, ?, ?, ?, ?)',
          args: [locale, doc.type, doc.url, doc.title, doc.text, words(doc.title).map(stem).join(' '), words(doc.text).map(stem).join(' ')],
        })
      }
    }
    await db.batch(statements, 'write')
    return db
  }

  /** Each query word's stem, corrected to the nearest indexed stem when it matches nothing. */
  async function resolveStems(db: Client, query: string, locale: string) {
    const stem = stemmerFor(locale)
    const resolved: Array<{ word: string; stem: string; corrected: boolean }> = []
    for (const word of words(query).slice(0, 12)) {
      const wanted = stem(word)
      const exact = await db.execute({
        sql: 'SELECT 1 FROM search_vocab WHERE term = ? OR term LIKE ? LIMIT 1',
        args: [wanted, `${wanted}%`],
      })
      if (exact.rows.length > 0 || wanted.length < 4) {
        resolved.push({ word, stem: wanted, corrected: false })
        continue
      }
      const candidates = await db.execute({
        sql: 'SELECT term, doc FROM search_vocab WHERE length(term) BETWEEN ? AND ? AND substr(term, 1, 1) = ?',
        args: [wanted.length - 2, wanted.length + 2, wanted.slice(0, 1)],
      })
      const limit = wanted.length <= 5 ? 1 : 2
      let best: { term: string; distance: number; docs: number } | null = null
      for (const row of candidates.rows) {
        const term = String(row.term)
        const distance = damerauLevenshtein(wanted, term)
        const docs = Number(row.doc)
        if (distance <= limit && (!best || distance < best.distance || (distance === best.distance && docs > best.docs)))
          best = { term, distance, docs }
      }
      resolved.push(best ? { word, stem: best.term, corrected: true } : { word, stem: wanted, corrected: false })
    }
    return resolved
  }

  return {
    async search(locale, query, options = {}) {
      const page = Math.max(1, options.page ?? 1)
      const perPage = Math.min(50, Math.max(1, options.perPage ?? 10))
      const empty: SearchAnswer = { query, total: 0, page, perPage, results: [], corrected: null }
      if (words(query).length === 0) return empty
      const db = await (built ??= build().catch((error: unknown) => {
        built = null
        throw error
      }))
      const content = await store.get(locale)
      if (!content) return empty
      const stems = await resolveStems(db, query, locale)
      const terms = stems.map((entry) => `"${entry.stem.replace(/"/g, '')}"*`)
      const types = options.types ?? ['page', 'post', 'item']
      const where = `search_docs MATCH ? AND locale = ? AND type IN (${types.map(() => '?').join(', ')})`
      const run = async (operator: 'AND' | 'OR') => {
        const match = `{title_stems body_stems} : (${terms.join(` ${operator} `)})`
        const count = await db.execute({ sql: `SELECT count(*) AS n FROM search_docs WHERE ${where}`, args: [match, locale, ...types] })
        const total = Number(count.rows[0]?.n ?? 0)
        const rows = await db.execute({
          sql: `SELECT type, url, title, body FROM search_docs WHERE ${where} ORDER BY bm25(search_docs, 0, 0, 0, 0, 0, 10.0, 1.0) LIMIT ? OFFSET ?`,
          args: [match, locale, ...types, perPage, (page - 1) * perPage],
        })
        return { total, rows: rows.rows }
      }
      // Every word first; if that finds nothing, any word.
      let answer = await run('AND')
      if (answer.total === 0 && terms.length > 1) answer = await run('OR')
      const stemSet = new Set(stems.map((entry) => entry.stem))
      const stem = stemmerFor(locale)
      const prefixStem = (word: string) => {
        const s = stem(word)
        for (const wanted of stemSet) if (s.startsWith(wanted)) return wanted
        return s
      }
      return {
        query,
        total: answer.total,
        page,
        perPage,
        corrected: stems.some((entry) => entry.corrected)
          ? stems
              .map((entry) =>
                entry.corrected
                  ? wordForStem(
                      entry.stem,
                      answer.rows.map((row) => `${row.title} ${row.body}`),
                      stem,
                    )
                  : entry.word,
              )
              .join(' ')
          : null,
        results: answer.rows.map((row): SearchHit => {
          const title = String(row.title)
          const excerpt = highlight(String(row.body), stemSet, prefixStem)
          if (row.type !== 'item') return { type: row.type === 'post' ? 'post' : 'page', url: String(row.url), title, excerpt }
          const [itemType = '', slug = ''] = String(row.url).split('/')
          return { type: 'item', item_type: itemType, slug, title, excerpt }
        }),
      }
    },
    invalidate() {
      built = null
    },
  }
}
