/** Site search on a page answer: `content.search` for `s` (docs/content-api.md), over cms/search.ts. */
import type { z } from 'zod'
import type { wirePageResult } from '../app/contract/wire-page'
import { cmsConfig } from './config'
import { positiveInt, type CmsContext } from './context'

type WireSearch = NonNullable<NonNullable<z.input<typeof wirePageResult>['content']>['search']>

/** `content.search` for `s` on a page answer (or an item's), or null without a search. */
export async function searchResultsFor(ctx: CmsContext, locale: string, url: URL): Promise<WireSearch | null> {
  const s = url.searchParams.get('s')
  if (s === null || s.trim() === '') return null
  const query = s.trim().slice(0, cmsConfig.search.maxQueryLength)
  const answer = await ctx.search.search(locale, query, {
    page: positiveInt(url.searchParams.get('page'), 1, cmsConfig.search.maxPage),
    perPage: cmsConfig.search.perPage,
  })
  return {
    query: answer.query,
    total: answer.total,
    page: answer.page,
    per_page: answer.perPage,
    corrected: answer.corrected,
    results: answer.results,
  }
}
