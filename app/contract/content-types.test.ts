import { describe, expect, it } from 'vitest'
import { type ContentTypeRoute, routedLocales, siteConfig } from '../config/site'
import { expandTag, itemTag } from './cache-tags'
import {
  routedTypes,
  typeConfigProblems,
  typeLabel,
  typeListingEntries,
  typePageName,
  typePath,
  typeSingular,
  typeTargetOf,
} from './content-types'

const caseStudies: ContentTypeRoute = {
  type: 'case_study',
  base: { en: 'case-studies', de: 'fallstudien' },
  label: { en: 'Case studies', de: 'Fallstudien' },
  singular: { en: 'Case study', de: 'Fallstudie' },
}
const types = [
  caseStudies,
  { type: 'job', base: { en: 'jobs', de: 'stellen' }, label: { en: 'Jobs', de: 'Stellen' }, singular: { en: 'Job', de: 'Stelle' } },
]

describe('content types beyond pages and posts (decision 029)', () => {
  it('reads a base as the listing and base/slug as one item, by the locale base', () => {
    expect(typeTargetOf('en', 'case-studies', types)).toEqual({ type: 'case_study', slug: null })
    expect(typeTargetOf('en', 'case-studies/northgate', types)).toEqual({ type: 'case_study', slug: 'northgate' })
    expect(typeTargetOf('de', 'fallstudien/northgate-umzug', types)).toEqual({ type: 'case_study', slug: 'northgate-umzug' })
    expect(typeTargetOf('de', 'stellen', types)).toEqual({ type: 'job', slug: null })
  })

  it('leaves every other page name to the pages: another locale’s base, deeper paths, other pages', () => {
    expect(typeTargetOf('de', 'case-studies', types)).toBeNull()
    expect(typeTargetOf('en', 'fallstudien/x', types)).toBeNull()
    expect(typeTargetOf('en', 'case-studies/a/b', types)).toBeNull()
    expect(typeTargetOf('en', 'about', types)).toBeNull()
    expect(typeTargetOf('en', 'services/cyber-security', types)).toBeNull()
    expect(typeTargetOf('en', 'home', types)).toBeNull()
  })

  it('builds the path of a listing and of an item in each locale, and none for a type it does not route', () => {
    expect(typePath('en', 'case_study', null, types)).toBe('/case-studies')
    expect(typePath('de', 'case_study', 'x', types)).toBe('/fallstudien/x')
    expect(typePageName('en', 'job', 'support-engineer', types)).toBe('jobs/support-engineer')
    expect(typePath('en', 'service_area', 'leeds', types)).toBeNull()
    expect(typeLabel('de', 'case_study', types)).toBe('Fallstudien')
    expect(typeLabel('de', 'service_area', types)).toBeNull()
    expect(typeSingular('de', 'case_study', types)).toBe('Fallstudie')
  })

  it('round-trips: the path it builds resolves to the same type and slug', () => {
    for (const locale of routedLocales) {
      const name = typePageName(locale, 'case_study', 'harrow', types)!
      expect(typeTargetOf(locale, name, types)).toEqual({ type: 'case_study', slug: 'harrow' })
    }
  })

  it('names each configuration mistake that would hide a page or another type', () => {
    const twice = { ...caseStudies, type: 'other' }
    expect(typeConfigProblems([caseStudies, twice], routedLocales)).toEqual([
      'case_study: base "case-studies" (en) is used twice',
      'case_study: base "fallstudien" (de) is used twice',
      'other: base "case-studies" (en) is used twice',
      'other: base "fallstudien" (de) is used twice',
    ])
    const bad = { type: 'Bad Type', base: { en: 'blog', de: 'a/b' }, label: { en: 'x', de: 'y' }, singular: { en: 'x', de: 'y' } }
    expect(typeConfigProblems([bad], routedLocales)).toEqual([
      'Bad Type: not a type name (a-z, 0-9, _ and -, at most 20)',
      'Bad Type: base "blog" (en) is the blog\'s or the home page\'s',
      'Bad Type: base "a/b" (de) is not one slug',
    ])
  })

  it('does not route a type in a locale that has no base for it (a locale added later)', () => {
    const englishOnly = [{ ...caseStudies, base: { en: 'case-studies' } }]
    expect(typeTargetOf('de', 'case-studies', englishOnly)).toBeNull()
    expect(typePath('de', 'case_study', 'x', englishOnly)).toBeNull()
    expect(typeConfigProblems(englishOnly, routedLocales)).toEqual([])
  })

  it('ships a configuration without mistakes that routes case studies', () => {
    expect(typeConfigProblems(siteConfig.content.types, routedLocales)).toEqual([])
    expect(routedTypes.map((route) => route.type)).toContain('case_study')
  })

  it('purges an item, its type’s listing and the search results when the backend reports a change', () => {
    expect(itemTag('case_study', 'harrow')).toBe('item:case_study/harrow')
    expect(expandTag('item:case_study/harrow')).toEqual(['item:case_study/harrow', 'items:case_study', 'search'])
    expect(expandTag('post:x')).toEqual(['post:x', 'posts'])
    expect(expandTag('page:about')).toEqual(['page:about'])
  })
})

describe('the sitemap entry of a routed type’s listing', () => {
  it('is there in a locale with items of the type, modified with its newest item, and not without items', () => {
    const entries = [
      { key: 'about', path: '/about', modified: '2026-01-01', type: 'page' },
      { key: 'case_study:a', path: '/fallstudien/a', modified: '2026-03-01', type: 'item' },
      { key: 'case_study:b', path: '/fallstudien/b', modified: '2026-05-01', type: 'item' },
    ]
    expect(typeListingEntries('de', entries, types)).toEqual([
      { key: 'items:case_study', path: '/fallstudien', modified: '2026-05-01', type: 'page' },
    ])
    expect(typeListingEntries('en', entries, types)).toEqual([])
  })
})
