/**
 * The page's JavaScript is fetched after its first contentful paint (docs/decisions/038).
 *
 * TanStack Start puts the client entry in the HTML as `<script type="module" async src>`
 * and every chunk of the first load as a `<link rel="modulepreload">` in the head: the
 * browser fetches and runs about 120 KB of modules while the stylesheet and fonts are still
 * on their way, so on a busy phone the modules' evaluation can come before the first paint,
 * and Lighthouse's simulation counts every module that arrived before that paint as blocking
 * it (its mobile LCP was 2.4 s on pages whose largest text paints with the first frame).
 *
 * Instead the server writes one inline script in the entry's place, with the entry and the
 * chunks to preload in data attributes. It waits for the first contentful paint (the Paint
 * Timing entry, delivered once the frame is on screen), then adds the modulepreloads and puts
 * the entry where the script stood (where React expects it when it hydrates). A tap or a key
 * before then starts it at once, and so does a fallback timer: a page loaded in a background
 * tab reports no paint until it is shown.
 */
import { siteConfig } from '../config/site'

export const DEFERRED_ENTRY_ATTR = 'data-entry'
export const DEFERRED_PRELOADS_ATTR = 'data-preloads'

/**
 * The loader, the same text on every page (its CSP hash does not change with the page): it
 * reads the entry and the chunks from its own data attributes, and marks itself started, so
 * a second run of the same element does nothing.
 */
export function deferredEntryScript(): string {
  const fallbackMs = siteConfig.timing.entryFallbackMs
  return `(function(me){if(!me||me.hasAttribute("data-started"))return;me.setAttribute("data-started","");var src=me.getAttribute(${JSON.stringify(DEFERRED_ENTRY_ATTR)}),pre=(me.getAttribute(${JSON.stringify(DEFERRED_PRELOADS_ATTR)})||"").split(" "),done=false;function start(){if(done)return;done=true;removeEventListener("pointerdown",start,true);removeEventListener("keydown",start,true);for(var i=0;i<pre.length;i++)if(pre[i]){var l=document.createElement("link");l.rel="modulepreload";l.href=pre[i];document.head.appendChild(l)}var s=document.createElement("script");s.type="module";s.async=true;s.src=src;if(me.isConnected)me.replaceWith(s);else document.body.appendChild(s)}addEventListener("pointerdown",start,true);addEventListener("keydown",start,true);setTimeout(start,${fallbackMs});var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[];if(t.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(start)});return}new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(start)}}).observe({type:"paint",buffered:true})})(document.currentScript)`
}

/** What a page's HTML names for the first load: the deferred entry and its preloads. */
export function deferredEntryUrls(html: string): string[] {
  const found: string[] = []
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const entry = new RegExp(`\\b${DEFERRED_ENTRY_ATTR}="([^"]+)"`).exec(tag)?.[1]
    if (!entry) continue
    found.push(entry)
    const preloads = new RegExp(`\\b${DEFERRED_PRELOADS_ATTR}="([^"]*)"`).exec(tag)?.[1] ?? ''
    found.push(...preloads.split(' ').filter(Boolean))
  }
  return found
}
