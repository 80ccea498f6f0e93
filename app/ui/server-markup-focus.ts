/**
 * Keyboard focus inside an island's server markup survives the island's own render (app/ui/island.tsx,
 * docs/decisions/058).
 *
 * An island shows the server's markup until its code has loaded, and then React puts its own
 * render in place of that markup: every element in it is new. A visitor who had tabbed to a
 * link or button there (Tab scrolls it into view, which is what loads a `visible` island's
 * code) was left on `<body>`, with no focus ring and a screen reader announcing nothing. So
 * the page notes where in an island's server markup focus is, and once that island's render
 * is on the page it focuses the element at the same place, if that element is the same kind
 * with the same text.
 */
import { SERVER_MARKUP_ATTRIBUTE } from '../lib/tap-replay'

/** What a keyboard can reach in a section's markup. */
const FOCUSABLE = 'a[href],button,input,select,textarea,summary,[tabindex]'

interface FocusedPlace {
  element: Element
  /** The id of the island whose server markup holds it, on the page at this address. */
  island: string
  page: string
  /** Its place among that markup's focusable elements. */
  index: number
  tag: string
  text: string | null
}

/** The last element focused inside an island's server markup, while it is focused there. */
let focused: FocusedPlace | null = null

function record(target: EventTarget | null) {
  const wrapper = target instanceof Element ? target.closest(`[${SERVER_MARKUP_ATTRIBUTE}]`) : null
  if (!(target instanceof Element) || !wrapper) return void (focused = null)
  const index = Array.prototype.indexOf.call(wrapper.querySelectorAll(FOCUSABLE), target)
  focused =
    index < 0 ? null : { element: target, island: wrapper.id, page: location.href, index, tag: target.tagName, text: target.textContent }
}

/**
 * Watches focus from the moment the site's code runs, before the page has hydrated (a Tab
 * made while the JavaScript was on its way is found as the active element). One listener for
 * the page: an island's code can arrive while the visitor tabs into it, so where focus is
 * must be known at the moment the render replaces the markup, not when the code arrived.
 */
export function watchServerMarkupFocus(): void {
  record(document.activeElement)
  document.addEventListener('focusin', (event) => record(event.target), true)
  // Focus that leaves while its element stays (the visitor clicked elsewhere) is forgotten.
  // Whether the element stays is known only after the event: a render removing it is what
  // restoreFocus is for.
  document.addEventListener(
    'focusout',
    (event) => {
      const left = event.target
      if (focused?.element !== left) return
      setTimeout(() => {
        if (focused?.element === left && focused.element.isConnected && document.activeElement !== left) focused = null
      })
    },
    true,
  )
}

/**
 * Once an island's render is on the page: focus lost with its server markup goes to the same
 * place in the new markup. Not if the visitor has moved it meanwhile (it is not on `<body>`),
 * or if the element there is not the one they saw.
 */
export function restoreFocus(wrapper: HTMLElement): void {
  const lost = focused
  const active = document.activeElement
  // Another page's island has the same id when its place is the same: a link followed from the
  // server's markup took focus away with it, and the new page's focus is the router's.
  if (
    !lost ||
    lost.island !== wrapper.id ||
    lost.page !== location.href ||
    lost.element.isConnected ||
    (active && active !== document.body)
  )
    return
  focused = null
  const found = wrapper.querySelectorAll(FOCUSABLE)[lost.index]
  if (found instanceof HTMLElement && found.tagName === lost.tag && found.textContent === lost.text) found.focus({ preventScroll: true })
}
