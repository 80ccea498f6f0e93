/**
 * The password-reset link carries its token in
 * the query (requirements §2: the reset form reads userId and passToken from it). The token
 * leaves the address bar at once, kept in memory for the form, so nothing that reads
 * the URL later sees it: analytics tags (their page view, session recordings), the
 * `_pageUrl` of a form, a copied or bookmarked address. The consent code calls this
 * before it loads any tag, so the order of effects cannot matter.
 */

/** Requirements §2: the reset form's query parameters. */
const URL_SECRETS = ['userId', 'passToken'] as const
export type UrlSecret = (typeof URL_SECRETS)[number]

const kept = new Map<UrlSecret, string>()

/**
 * Moves the secret parameters of the current address into memory (replacing the
 * history entry, its state untouched) and returns what memory holds. Browser only.
 */
export function takeUrlSecrets(): ReadonlyMap<UrlSecret, string> {
  if (typeof window === 'undefined') return kept
  const url = new URL(window.location.href)
  const found = URL_SECRETS.filter((name) => url.searchParams.has(name))
  if (found.length === 0) return kept
  for (const name of found) {
    kept.set(name, url.searchParams.get(name) ?? '')
    url.searchParams.delete(name)
  }
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  return kept
}
