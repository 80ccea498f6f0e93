/**
 * Click-to-load for embedded video (docs/decisions/028). The sanitizer turns every embed
 * of a configured provider into a link to the video's page with the player's URL beside
 * it (`a.embed-placeholder[data-embed-src]`), so nothing loads from the provider with
 * the page. Here, after hydration, each placeholder says where its player comes from;
 * pressing it puts the player in its place, and with consent to "functional" (as the live
 * chat, decision 019) every player loads at once. Without JavaScript the link leads to
 * the provider's own page.
 */
import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { siteConfig } from '../../config/site'
import { isPlayerUrl, type EmbedProvider } from '../../lib/embeds'
import { m } from '../../paraglide/messages'
import { useConsent } from '../consent-state'

const SELECTOR = 'a.embed-placeholder[data-embed-src]'

function providerName(link: HTMLElement): string {
  const provider = link.dataset.embedProvider as EmbedProvider | undefined
  return (provider && siteConfig.embeds.providers[provider]?.name) || ''
}

/** The player in the placeholder's place; `autoplay` only when the visitor pressed play. */
function loadPlayer(link: HTMLAnchorElement, pressed: boolean) {
  const src = link.dataset.embedSrc ?? ''
  // The HTML was sanitized on the server; the browser checks the URL again before it loads anything.
  if (!isPlayerUrl(src)) return
  const frame = document.createElement('iframe')
  frame.src = pressed ? src : src.replace(/([?&])autoplay=1&?/, '$1').replace(/[?&]$/, '')
  frame.title = link.dataset.embedTitle ?? link.textContent ?? providerName(link)
  frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture'
  frame.referrerPolicy = 'strict-origin-when-cross-origin'
  frame.className = 'embed-frame'
  link.replaceWith(frame)
  if (pressed) frame.focus()
}

/** Each placeholder's label: what pressing it does, and where the player comes from. */
function describe(link: HTMLAnchorElement) {
  // Set to '' once described: test for presence, not truthiness.
  if (link.dataset.embedReady !== undefined) return
  const title = link.textContent?.trim() ?? ''
  const provider = providerName(link)
  link.dataset.embedReady = ''
  link.dataset.embedTitle = title
  const label = document.createElement('span')
  label.className = 'embed-placeholder__play'
  // A stored embed URL has no title: the sanitizer names the provider instead.
  label.textContent = title && title !== provider ? m.embed_play({ title }) : m.embed_play_untitled({ provider })
  const note = document.createElement('span')
  note.className = 'embed-placeholder__note'
  note.textContent = m.embed_note({ provider })
  link.replaceChildren(label, note)
}

export function EmbedLoader() {
  const { state, ready } = useConsent()
  const allowed = ready && state.enabled.has('functional')
  const href = useRouterState({ select: (router) => router.location.href })

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(SELECTOR) : null
      if (!link) return
      event.preventDefault()
      loadPlayer(link, true)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])

  useEffect(() => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>(SELECTOR)) {
      if (allowed) loadPlayer(link, false)
      else describe(link)
    }
  }, [allowed, href])

  return null
}
