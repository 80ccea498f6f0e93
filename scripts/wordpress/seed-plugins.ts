/**
 * What the seed (scripts/wordpress/seed.ts) stores in other plugins when they are active:
 * content/redirects.json in Redirection, Titles & Meta and a page's fields in Rank Math.
 */
import { readFileSync } from 'node:fs'
import { defaultLocale } from '../../app/config/site'
import { redirectsFile } from '../../cms/redirects'
import { RANK_MATH_SEED } from './rank-math'
import type { PageId } from './seed-menus'
import { authorization, base, rest, RestError } from './wp-rest'

/**
 * content/redirects.json into the Redirection plugin, through the REST API its own screens
 * use (one redirect per rule, in order, in its WordPress module's first group), when it is
 * active. Its earlier redirects go first, so a second seed leaves the same list.
 */
export async function seedRedirects(): Promise<number> {
  const probe = await fetch(`${base}/api/redirection/v1/redirect?per_page=200`, { headers: { authorization } })
  if (probe.status === 404) return 0
  if (!probe.ok) throw new RestError(`GET /redirection/v1/redirect answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`)
  const existing = ((await probe.json()) as { items: Array<{ id: number }> }).items
  if (existing.length > 0) await rest('POST', '/redirection/v1/bulk/redirect/delete', { items: existing.map((item) => item.id) })
  const groups = await rest<{ items: Array<{ id: number; module_id: number }> }>('GET', '/redirection/v1/group')
  const group = groups.items.find((item) => Number(item.module_id) === 1)
  if (!group) throw new RestError('Redirection has no group in its WordPress module')
  const file = redirectsFile.parse(JSON.parse(readFileSync('content/redirects.json', 'utf8')))
  for (const [position, rule] of file.redirects.entries()) {
    await rest('POST', '/redirection/v1/redirect', {
      url: rule.source,
      match_type: 'url',
      regex: rule.regex ? 1 : 0,
      action_type: rule.status === 410 ? 'error' : 'url',
      action_code: rule.status,
      action_data: rule.target ? { url: rule.target } : {},
      group_id: group.id,
      position,
      match_data: {
        source: { flag_query: rule.query, flag_case: rule.ignore_case, flag_trailing: rule.ignore_trailing_slash, flag_regex: rule.regex },
      },
    })
  }
  return file.redirects.length
}

/**
 * When Rank Math is active: what an administrator and an editor would save in its own
 * screens (scripts/wordpress/rank-math.ts), through the REST routes those screens use.
 * Titles & Meta go through `rankmath/v1/updateSettings` (type `titles`) as its settings
 * screen sends them; the page's fields through `rankmath/v1/updateMeta` as its sidebar in
 * the block editor does (Rank Math registers no meta for wp/v2).
 */
export async function seedRankMath(pageId: PageId): Promise<void> {
  const active = await rest<Array<{ plugin: string }>>('GET', '/wp/v2/plugins?status=active&_fields=plugin')
  if (active.some((item) => item.plugin.startsWith('seo-by-rank-math/'))) {
    await rest('POST', '/rankmath/v1/updateSettings', {
      type: 'titles',
      settings: RANK_MATH_SEED.titles,
      fieldTypes: Object.fromEntries(Object.keys(RANK_MATH_SEED.titles).map((key) => [key, 'text'])),
      updated: [],
      isReset: false,
    })
    const careers = pageId(defaultLocale, RANK_MATH_SEED.page)
    if (!careers) throw new Error(`no ${defaultLocale} page ${RANK_MATH_SEED.page} to give Rank Math fields`)
    await rest('POST', '/rankmath/v1/updateMeta', { objectType: 'post', objectID: careers, meta: RANK_MATH_SEED.meta, content: '' })
    console.log(`[seed] Rank Math: Titles & Meta, and the fields of page ${careers}`)
  }
}
