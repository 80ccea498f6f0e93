/**
 * A tap on one of the page's buttons before the page has hydrated is kept, and made again
 * once it has (docs/decisions/057).
 *
 * The page paints from the server's HTML long before its JavaScript runs (decision 038), so a
 * visitor can tap the menu, search, theme or consent buttons while nothing handles them. Two
 * windows lose such a tap:
 * - before React listens: the button has no handler at all;
 * - from `hydrateRoot` until the root has hydrated (it waits for the router, decision 056):
 *   React tries to hydrate the tapped part at once, cannot, and stops the event.
 *
 * The head script below keeps the visitor's last tap, if it was on a `button[type="button"]` (the
 * site's own buttons: a submit button belongs to a form, which is disabled until its code is
 * there; links and `<details>` work without JavaScript). A later tap anywhere replaces it, so
 * only the visitor's latest intent is made, and a tap once the page has hydrated cancels it. A
 * click from a script is not a tap. The root's first layout effect sends
 * `HYDRATED_EVENT`; in the task after it, the recorded button is clicked once, if the tap is
 * younger than `siteConfig.timing.tapReplayMaxAgeMs`, and not disabled since. (A button that has
 * since left the page gets nothing: a detached one's events reach no listener of the page's.)
 *
 * A press of Enter or Space on a focused button is a click too, with `detail` 0 where a pointer's
 * counts its clicks. It is made again as the keyboard makes it: `keydown` Enter, the click unless
 * a listener cancelled the key, then `keyup`. So a menu button, which opens on the key with its
 * first item focused and cancels the click (components/shell/use-menu-trigger.ts), opens for a
 * keyboard user as it would have once hydrated, and every other button gets its click.
 *
 * A tap that React could hydrate for at once is handled by React, and must not be made twice.
 * React hydrates synchronously inside its capture listener on the document, and the layout
 * effect runs there, so a listener on `<html>`, which the event reaches only when React let it
 * through, finds the page hydrated and forgets the tap.
 *
 * An island (app/ui/island.tsx) keeps the server's markup after the root has hydrated, until its
 * own code has loaded and rendered in its place: its buttons have no handler until then, and
 * the buttons the visitor saw are replaced by new ones. A tap on a button inside an island's
 * server markup (`SERVER_MARKUP_ATTRIBUTE`) is kept also after hydration, and made again when
 * that island sends `ISLAND_RENDERED_EVENT`: on the button at the same place among its
 * buttons, if its text is the same (otherwise the render is not the one the visitor saw, and
 * nothing is made).
 */
import { siteConfig } from '../config/site'

/** Sent on `window` by the root's first layout effect (components/shell/document-behaviour.tsx). */
export const HYDRATED_EVENT = 'site:hydrated'

/**
 * On an island's wrapper while it shows the server's markup, which no handler of React's
 * covers until the island's own code has rendered in its place (app/ui/island.tsx).
 */
export const SERVER_MARKUP_ATTRIBUTE = 'data-server-markup'

/** Sent from an island's wrapper, bubbling, once its own code's render is on the page (app/ui/island.tsx). */
export const ISLAND_RENDERED_EVENT = 'site:island-rendered'

/** Inlined in the head, before any button is parsed; covered by the page's CSP hash or nonce (decision 010). */
export function tapReplayScript(): string {
  const maxAgeMs = siteConfig.timing.tapReplayMaxAgeMs
  const [hydrated, islandRendered, serverMarkup] = [HYDRATED_EVENT, ISLAND_RENDERED_EVENT, `[${SERVER_MARKUP_ATTRIBUTE}]`].map((value) =>
    JSON.stringify(value),
  )
  // p: the kept tap (b its button, e its click, s the island whose server markup holds it, n the
  // button's place among that island's buttons, x its text); h: the root has hydrated; m makes a kept tap again on a button.
  return `(function(){var p=null,h=false,B='button[type="button"]';addEventListener("click",function(e){if(!e.isTrusted)return;var t=e.target,b=t&&t.closest&&t.closest(B),s=b&&b.closest(${serverMarkup});p=b&&(!h||s)?{b:b,e:e,s:s,n:s?[].indexOf.call(s.querySelectorAll(B),b):0,x:b.textContent}:null},true);document.documentElement.addEventListener("click",function(e){if(h&&p&&p.e===e&&!p.s)p=null},true);function m(q,b){if(b.disabled||performance.now()-q.e.timeStamp>=${maxAgeMs})return;if(q.e.detail)return b.click();var k=function(t){return b.dispatchEvent(new KeyboardEvent(t,{key:"Enter",code:"Enter",bubbles:true,cancelable:true}))};if(k("keydown"))b.click();k("keyup")}addEventListener(${hydrated},function(){h=true;setTimeout(function(){var q=p;if(q&&!q.s){p=null;m(q,q.b)}})});addEventListener(${islandRendered},function(e){var q=p,w=e.target;if(!q||!q.s||!w||w.id!==q.s.id)return;p=null;setTimeout(function(){var b=w.querySelectorAll(B)[q.n];if(b&&b.textContent===q.x)m(q,b)})})})()`
}
