/**
 * What every page screen shows around its content: the layout (requirements §2), the page's body
 * classes, background image (requirements §3.1) and scoped CSS, its dismissible notifications and, on drafts, the preview
 * ribbon.
 */
import { useLoaderData, useLocation } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { Page, PageData } from '../contract/model'
import { publicHref } from '../lib/public-href'
import { m } from '../paraglide/messages'
import { ChatLauncherSpace, ChatSlot } from './chat/chat-slot'
import { CloseIcon } from '../ui/icons'
import { EmbedLoader } from '../ui/embeds/embed-loader'
import { ImageServiceContext, pageBackgroundStyle } from '../ui/image'
import { SiteLayout } from './shell/layouts'
import { PlainButton } from '../ui/PlainButton'

export function PageFrame({ data, layout, children }: { data: PageData; layout: 'default' | 'static'; children: ReactNode }) {
  const { page } = data
  const publicEnv = useLoaderData({ from: '__root__' })
  const imageService = { cloudName: publicEnv.IMAGE_CLOUD_NAME, siteUrl: data.options.siteUrl }
  const background = pageBackgroundStyle(page.backgroundImage, imageService)
  return (
    <ImageServiceContext.Provider value={imageService}>
      <SiteLayout
        layout={layout}
        menus={data.menus}
        options={data.options}
        languages={page.languages}
        breadcrumbs={page.breadcrumbs}
        admin={page.admin}
      >
        <div
          className={page.bodyClass || undefined}
          data-page-kind={page.kind}
          data-page={page.scopeId}
          data-page-background={background ? '' : undefined}
          style={background}
        >
          <Notifications items={page.notifications} />
          {page.preview && <PreviewRibbon />}
          {page.customCss && <style>{page.customCss}</style>}
          {children}
        </div>
      </SiteLayout>
      <ChatLauncherSpace chat={page.chat} providers={publicEnv.CHAT_PROVIDERS} />
      <ChatSlot chat={page.chat} providers={publicEnv.CHAT_PROVIDERS} />
      <EmbedLoader />
    </ImageServiceContext.Provider>
  )
}

/**
 * Requirements §3 content.notifications: dismissible banners. A dismissed notification stays
 * dismissed for the visitor (remembered in the browser, so the page's HTML stays shared).
 */
function Notifications({ items }: { items: Page['notifications'] }) {
  const [dismissed, setDismissed] = useState<string[]>([])
  const any = items.length > 0
  useEffect(() => {
    // Most pages have none: the first read of localStorage opens the browser's store
    // synchronously (tens of milliseconds on a phone, in the task after hydration).
    if (!any) return
    try {
      const stored: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]')
      setDismissed(Array.isArray(stored) ? stored.filter((value): value is string => typeof value === 'string') : [])
    } catch {
      setDismissed([])
    }
  }, [any])
  const visible = items.filter((item) => !dismissed.includes(item.id))
  if (visible.length === 0) return null
  const dismiss = (id: string) => {
    const next = [...dismissed, id]
    setDismissed(next)
    try {
      window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(next.slice(-50)))
    } catch {
      // Private mode: dismissed for this page view only.
    }
  }
  return (
    <div className="border-b border-tint-strong bg-tint">
      {visible.map((item) => (
        <div
          key={item.id}
          role="status"
          className="mx-auto flex max-w-site items-start gap-4 px-4 py-3 text-sm text-on-tint sm:px-6"
          data-notification={item.type}
        >
          <div className="cms-html flex-1 [&_p]:my-0" dangerouslySetInnerHTML={{ __html: item.messageHtml }} />
          <PlainButton variant="icon" aria-label={m.notification_dismiss()} onClick={() => dismiss(item.id)} className="-my-2 shrink-0">
            <CloseIcon size={18} />
          </PlainButton>
        </div>
      ))}
    </div>
  )
}

const DISMISSED_KEY = 'dismissed-notifications'

/** A visible "Preview" ribbon on drafts, with a way out to the public page. */
function PreviewRibbon() {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (
    <div
      role="note"
      aria-label={m.preview_ribbon()}
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
      data-testid="preview-ribbon"
    >
      <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm sm:px-6">
        <span className="rounded-full bg-amber-950 px-2.5 py-0.5 text-xs font-black tracking-wider text-amber-100 uppercase">
          {m.preview_ribbon()}
        </span>
        <span>{m.preview_ribbon_text()}</span>
        <a href={publicHref(pathname)} className="ml-auto font-bold underline underline-offset-2">
          {m.preview_exit()}
        </a>
      </div>
    </div>
  )
}
