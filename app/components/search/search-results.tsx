/**
 * Requirements §2: search results for `s` on any page path. How many results, pages and posts
 * with highlighted snippets, pagination by crawlable links, a "did you mean" for
 * corrected words, and an empty state with suggestions. The query is shown as text.
 */
import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import type { MenuLink, SearchResults as Results } from '../../contract/model'
import { CmsLink } from '../../ui/cms-link'
import { formatNumber } from '../../ui/blog/format-date'

export function SearchResults({ search, suggestions }: { search: Results; suggestions: MenuLink[] }) {
  const from = search.total === 0 ? 0 : (search.page - 1) * search.perPage + 1
  const to = Math.min(search.total, search.page * search.perPage)
  const pages = Math.ceil(search.total / search.perPage)
  return (
    <section className="mx-auto max-w-3xl px-4 py-14 sm:px-6" aria-labelledby="search-heading">
      <h1 id="search-heading" className="text-4xl font-black tracking-tight break-words text-ink">
        {m.search_results_heading({ query: search.query })}
      </h1>
      <p className="mt-3 text-ink-muted" role="status">
        {m.search_results_count({ count: formatNumber(search.total) })}
        {search.total > 0 && pages > 1 && (
          <> · {m.search_showing({ from: formatNumber(from), to: formatNumber(to), total: formatNumber(search.total) })}</>
        )}
      </p>
      {search.corrected && search.corrected !== search.query && (
        <p className="mt-3 text-ink-soft">
          <Link to="/" search={{ s: search.corrected }} className="font-bold text-link underline underline-offset-2 hover:text-link-hover">
            {m.search_did_you_mean({ suggestion: search.corrected })}
          </Link>
        </p>
      )}
      {search.results.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-line-strong bg-surface-alt p-8">
          <p className="text-ink-soft">{m.search_no_results()}</p>
          {suggestions.length > 0 && (
            <>
              <p className="mt-4 font-bold text-ink">{m.search_try()}</p>
              <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {suggestions.map((link) => (
                  <li key={link.id}>
                    <CmsLink href={link.href} internal={link.internal} className="font-bold text-link hover:underline">
                      {link.title}
                    </CmsLink>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <ol className="mt-8 divide-y divide-line" data-testid="search-results">
          {search.results.map((hit) => (
            <li key={hit.href} className="py-5">
              <p className="text-xs font-bold tracking-wider text-ink-muted uppercase">
                {hit.type === 'item' ? hit.label : hit.type === 'post' ? m.search_type_post() : m.search_type_page()}
              </p>
              <Link to={hit.href} className="mt-1 block text-xl font-bold text-link hover:underline">
                {hit.title}
              </Link>
              <p
                className="mt-1 text-ink-soft [&_mark]:rounded [&_mark]:bg-mark [&_mark]:px-0.5 [&_mark]:text-ink"
                dangerouslySetInnerHTML={{ __html: hit.excerptHtml }}
              />
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label={m.search_pagination()} className="mt-8 flex flex-wrap items-center gap-2">
          {search.page > 1 && (
            <Link
              to="."
              search={{ s: search.query, page: String(search.page - 1) }}
              className="rounded-full border border-line-strong px-4 py-2 font-bold text-ink-soft hover:border-focus"
            >
              {m.search_previous()}
            </Link>
          )}
          {Array.from({ length: Math.min(pages, 10) }, (_, index) => index + 1).map((number) => (
            <Link
              key={number}
              to="."
              search={{ s: search.query, page: String(number) }}
              aria-label={m.search_page({ page: number })}
              aria-current={number === search.page ? 'page' : undefined}
              className="flex h-10 w-10 items-center justify-center rounded-full font-bold text-ink-soft hover:bg-surface-sunken aria-[current=page]:bg-brand-700 aria-[current=page]:text-white forced-colors:aria-[current=page]:border-2 forced-colors:aria-[current=page]:border-[Highlight]"
            >
              {number}
            </Link>
          ))}
          {search.page < pages && (
            <Link
              to="."
              search={{ s: search.query, page: String(search.page + 1) }}
              className="rounded-full border border-line-strong px-4 py-2 font-bold text-ink-soft hover:border-focus"
            >
              {m.search_next()}
            </Link>
          )}
        </nav>
      )}
    </section>
  )
}
