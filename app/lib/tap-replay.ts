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
 */
import { siteConfig } from '../config/site'

/** Sent on `window` by the root's first layout effect (components/shell/document-behaviour.tsx). */
export const HYDRATED_EVENT = 'site:hydrated'

/** Inlined in the head, before any button is parsed; covered by the page's CSP hash or nonce (decision 010). */
export function tapReplayScript(): string {
  const maxAgeMs = siteConfig.timing.tapReplayMaxAgeMs
  return `(function(){var p=null,h=false;addEventListener("click",function(e){if(!e.isTrusted)return;var t=e.target,b=!h&&t&&t.closest&&t.closest('button[type="button"]');p=b?{b:b,e:e}:null},true);document.documentElement.addEventListener("click",function(e){if(h&&p&&p.e===e)p=null},true);addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){h=true;setTimeout(function(){var q=p,b=q&&q.b;p=null;if(!q||b.disabled||performance.now()-q.e.timeStamp>=${maxAgeMs})return;if(q.e.detail)return b.click();var k=function(t){return b.dispatchEvent(new KeyboardEvent(t,{key:"Enter",code:"Enter",bubbles:true,cancelable:true}))};if(k("keydown"))b.click();k("keyup")})})})()`
}
