/**
 * Where the chat launcher goes on every page: the room below the footer, rendered with
 * the page on the server, and the launcher itself, whose code loads when the browser is
 * first idle after hydration (it is fixed at the bottom corner and shows only once the
 * consent state is known, so loading it then shifts nothing). It keeps the launcher out
 * of the first load's JavaScript (the budget of requirements §11.1) on every page. Nobody
 * is waiting for it: a chunk that fails to load leaves the page without the launcher, not
 * reloaded under a reader (docs/decisions/062).
 */
import { Suspense, useEffect, useState } from 'react'
import type { ChatSettings } from '../../contract/model'
import { chatIsAvailable } from '../../site-rules/chat-providers'
import { whenIdle } from '../../lib/idle'
import { lazyWithPreload } from '../../ui/lazy'

const ChatLauncher = lazyWithPreload(() => import('./chat-launcher'))

interface ChatSlotProps {
  chat: ChatSettings | null
  providers: string | null
}

/** Room below the footer for the floating launcher, so it never covers the page's last controls (the social icons on phones). */
export function ChatLauncherSpace({ chat, providers }: ChatSlotProps) {
  if (!chatIsAvailable(chat, providers)) return null
  return <div aria-hidden="true" className="h-20 bg-chrome" data-chat-space="" />
}

export function ChatSlot({ chat, providers }: ChatSlotProps) {
  const available = chatIsAvailable(chat, providers)
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (!available || loaded) return
    let current = true
    const cancelIdle = whenIdle(() => void ChatLauncher.fetchAhead().then((here) => current && here && setLoaded(true)))
    return () => {
      current = false
      cancelIdle()
    }
  }, [available, loaded])
  if (!available || !loaded) return null
  return (
    <Suspense fallback={null}>
      <ChatLauncher chat={chat} providers={providers} />
    </Suspense>
  )
}
