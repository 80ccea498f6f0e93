/**
 * The live chat's launcher (requirements §11.4, requirements §3 `chat`): a "Chat with us" button floating
 * at the bottom corner, above any bar fixed there. It is shown only where the page's
 * `chat` is on and the site can serve its provider. Nothing of the chat loads before the
 * visitor consents to functional cookies: pressed before that, it opens the consent
 * preferences saying why, and opens the chat once functional is allowed. After consent
 * the provider loads on the first press, or earlier when the browser is idle.
 *
 * A native button, as every first-load control of the shell (docs/decisions/009): the
 * launcher is in every page's first load; the built-in panel (React Aria) loads on
 * demand (chat-panel.tsx), Crisp's script from its origin.
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { siteConfig } from '../../config/site'
import type { ChatSettings } from '../../contract/model'
import { chatIsAvailable, crispScriptUrl } from '../../site-rules/chat-providers'
import { whenIdle } from '../../lib/idle'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../paraglide/runtime'
import { useConsent } from '../../ui/consent-state'
import { ChatIcon } from '../../ui/icons'
import { lazyWithPreload } from '../../ui/lazy'
import { useBottomInset } from '../shell/bottom-inset'

const ChatPanel = lazyWithPreload(() => import('./chat-panel'))

type CrispQueue = unknown[]
declare global {
  interface Window {
    $crisp?: CrispQueue
    CRISP_WEBSITE_ID?: string
    CRISP_RUNTIME_CONFIG?: { locale?: string }
  }
}

/** Crisp's loader, as its docs give it, with its own bubble hidden: our launcher opens it. */
function loadCrisp(websiteId: string, onClosed: () => void) {
  if (document.querySelector('script[data-chat="crisp"]')) return
  window.$crisp = window.$crisp ?? []
  window.CRISP_WEBSITE_ID = websiteId
  window.CRISP_RUNTIME_CONFIG = { locale: getLocale() }
  window.$crisp.push(['safe', true], ['do', 'chat:hide'], ['on', 'chat:closed', onClosed])
  const script = document.createElement('script')
  script.async = true
  script.src = crispScriptUrl
  script.dataset.chat = 'crisp'
  document.head.append(script)
}

export default function ChatLauncher({ chat, providers }: { chat: ChatSettings | null; providers: string | null }) {
  const { state, ready, askFor } = useConsent()
  const { total: inset, keys: bars } = useBottomInset()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const available = chatIsAvailable(chat, providers)
  const allowed = state.enabled.has('functional')

  const crispClosed = useCallback(() => {
    window.$crisp?.push(['do', 'chat:hide'])
    setOpen(false)
    button.current?.focus()
  }, [])

  const load = useCallback(() => {
    if (!chat) return
    if (chat.provider === 'builtin') ChatPanel.preload()
    else loadCrisp(chat.widgetId, crispClosed)
  }, [chat, crispClosed])

  const openChat = useCallback(() => {
    if (!chat) return
    load()
    if (chat.provider === 'crisp') window.$crisp?.push(['do', 'chat:show'], ['do', 'chat:open'])
    setOpen(true)
  }, [chat, load])

  // After consent, the provider loads when the browser is idle, so the first press is quick.
  useEffect(() => {
    if (!available || !allowed) return
    return whenIdle(load, siteConfig.chat.idleLoadTimeoutMs)
  }, [available, allowed, load])

  // Shown once the consent state is known and any bottom bar has been measured: it appears in place, never moves on load.
  if (!available || !ready || (!state.decided && !bars.has('consent'))) return null
  const onPress = () => {
    // Before consent: the preferences, saying why; the chat opens if functional is allowed there.
    if (!allowed) askFor('functional', openChat)
    else if (open && chat.provider === 'crisp') window.$crisp?.push(['do', 'chat:close'])
    else openChat()
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={onPress}
        onPointerEnter={allowed && chat.provider === 'builtin' ? ChatPanel.preload : undefined}
        onFocus={allowed && chat.provider === 'builtin' ? ChatPanel.preload : undefined}
        style={{ bottom: `calc(${inset}px + 1rem)` }}
        className="fixed end-4 z-30 inline-flex cursor-pointer items-center gap-2 rounded-full bg-brand-700 py-3 ps-4 pe-5 font-bold text-white shadow-lg transition-colors hover:bg-brand-800 focus-visible:shadow-[0_0_0_2px_#fff,0_0_0_7px_#fff] focus-visible:outline-ink active:bg-brand-900 sm:end-6"
        data-testid="chat-launcher"
      >
        <ChatIcon size={22} />
        <span>{m.chat_launcher()}</span>
      </button>
      {open && chat.provider === 'builtin' && (
        <Suspense fallback={null}>
          <ChatPanel
            onClose={() => {
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
