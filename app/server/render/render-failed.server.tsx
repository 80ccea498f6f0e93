/**
 * The answer when rendering a page failed and its error screen failed too (requirements
 * §2: "An error occurred while showing the error page", with a link home). In the browser
 * the error screen's boundary shows that text; on the server React has no boundaries, and
 * without this the visitor would get the framework's bare JSON error. A small document of
 * its own, in the request's language, that nobody stores: status 500, and the policy
 * headers the server entry adds to every HTML answer.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { ErrorFallback } from '../../components/error-screen'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { escapeXml } from '../content/sitemap-xml.server'

export function renderFailedPage(locale: Locale): Response {
  let title = 'An error occurred while showing the error page'
  try {
    title = m.error_fallback_text()
  } catch {
    // The message catalogue may be what failed: the English text stands.
  }
  const body = renderToStaticMarkup(<ErrorFallback />)
  const html = `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeXml(title)}</title></head><body>${body}</body></html>`
  return new Response(html, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8' } })
}
