/**
 * SPEC §2, §4 and §6: developer mode. `?dev=true` sets the `dev_mode` cookie; while it
 * is set, an admin bar links to the dashboard and to editing this page, and shows the
 * page layout. Exit removes the cookie and hides the bar. It is decided in the browser
 * after hydration, so the server's HTML is the same for every visitor (DESIGN.md).
 */
import { useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { siteConfig } from '../../../app.config'
import { browserCookies } from '../../lib/cookies'
import { m } from '../../paraglide/messages'
import type { Page } from '../../content/model'
import { PlainButton } from '../ui/PlainButton'

export function useDevMode(): [boolean, () => void] {
  const searchStr = useLocation({ select: (location) => location.searchStr })
  const [on, setOn] = useState(false)
  useEffect(() => {
    const { cookieName, queryParam } = siteConfig.devMode
    if (new URLSearchParams(searchStr).get(queryParam) === 'true') browserCookies.set(cookieName, '1')
    setOn(browserCookies.get(cookieName) !== null)
  }, [searchStr])
  const exit = () => {
    browserCookies.remove(siteConfig.devMode.cookieName)
    setOn(false)
  }
  return [on, exit]
}

/**
 * Editors share a draft with the signed link they opened it with. Signing new links
 * needs PREVIEW_SECRET and stays with WordPress (or `npm run preview-link`), never with
 * whoever can add ?dev=true to a URL.
 */
function PreviewLinkAction() {
  const search = useLocation({ select: (location) => location.searchStr })
  const [copied, setCopied] = useState(false)
  const params = new URLSearchParams(search)
  const isPreview = params.get('preview') === 'true' && params.has('token')
  if (!isPreview) return <span className="text-slate-400">{m.admin_preview_unavailable()}</span>
  return (
    <PlainButton
      variant="inverse"
      className="text-sm"
      onClick={() => {
        void navigator.clipboard?.writeText(window.location.href).then(() => setCopied(true))
      }}
    >
      {copied ? m.admin_preview_copied() : m.admin_preview_link()}
    </PlainButton>
  )
}

export function AdminBar({ admin }: { admin: Page['admin'] | null }) {
  const [on, exit] = useDevMode()
  if (!on) return null
  return (
    <>
      {/* Keeps the end of the page reachable above the fixed bar. */}
      <div aria-hidden="true" className="h-12" />
      <section
        aria-label={m.admin_bar_label()}
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-700 bg-ink/95 text-sm text-slate-100 backdrop-blur"
        data-testid="admin-bar"
      >
        <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
          <span className="font-bold text-accent">{m.admin_bar_label()}</span>
          {admin?.dashboardUrl && (
            <a href={admin.dashboardUrl} className="rounded px-2 py-1 font-bold underline-offset-2 hover:underline">
              {m.admin_dashboard()}
            </a>
          )}
          {admin?.editPostUrl && (
            <a href={admin.editPostUrl} className="rounded px-2 py-1 font-bold underline-offset-2 hover:underline">
              {m.admin_edit()}
            </a>
          )}
          {admin?.pageLayout && <span className="text-slate-300">{m.admin_layout({ layout: admin.pageLayout })}</span>}
          <PreviewLinkAction />
          <PlainButton variant="inverse" onClick={exit} className="ml-auto text-sm">
            {m.admin_exit()}
          </PlainButton>
        </div>
      </section>
    </>
  )
}
