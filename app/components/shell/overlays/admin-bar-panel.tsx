/**
 * The admin bar itself (requirements §2, §4 and §6): links to the dashboard and to editing this
 * page, the page layout, and Exit. Loaded only in developer mode (admin-bar.tsx).
 */
import { useLocation } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { Page } from '../../../contract/model'
import { m } from '../../../paraglide/messages'
import { PlainButton } from '../../../ui/PlainButton'
import { useBottomBar } from '../bottom-inset'

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

export default function AdminBarPanel({ admin, exit }: { admin: Page['admin'] | null; exit: () => void }) {
  const ref = useRef<HTMLElement>(null)
  // The chat launcher floats above the bar, not under it.
  useBottomBar('admin-bar', ref)
  return (
    <>
      {/* Keeps the end of the page reachable above the fixed bar. */}
      <div aria-hidden="true" className="h-12" />
      <section
        ref={ref}
        aria-label={m.admin_bar_label()}
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-700 bg-chrome text-sm text-slate-100"
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
