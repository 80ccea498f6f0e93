// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MARKUP_ATTRIBUTE } from '../lib/tap-replay'
import { restoreFocus, watchServerMarkupFocus } from './server-markup-focus'

const ISLAND = 'section-2-cards'

/** An island's wrapper with the server's markup in it, as island.tsx writes it. */
function serverMarkup(id = ISLAND) {
  document.body.innerHTML = `<div id="${id}" ${SERVER_MARKUP_ATTRIBUTE}><a href="/pricing">Pricing</a><button type="button">Request support</button></div>`
  return document.getElementById(id) as HTMLElement
}

/** The island's own render in the markup's place: every element new, the mark gone, focus on `<body>`. */
function render(wrapper: HTMLElement, markup = '<a href="/pricing">Pricing</a><button type="button">Request support</button>') {
  ;(document.activeElement as HTMLElement | null)?.blur()
  wrapper.removeAttribute(SERVER_MARKUP_ATTRIBUTE)
  wrapper.innerHTML = markup
}

const focusButton = (wrapper: HTMLElement) => (wrapper.querySelector('button') as HTMLElement).focus()

beforeAll(() => watchServerMarkupFocus())

afterEach(() => {
  history.replaceState(null, '', '/')
  document.body.innerHTML = ''
})

describe('focus in an island’s server markup (decision 058)', () => {
  it('goes to the element at the same place in the island’s render', () => {
    const wrapper = serverMarkup()
    focusButton(wrapper)
    render(wrapper)
    restoreFocus(wrapper)
    expect(document.activeElement).toBe(wrapper.querySelector('button'))
  })

  it('stays where the visitor moved it meanwhile', () => {
    const wrapper = serverMarkup()
    focusButton(wrapper)
    render(wrapper)
    const elsewhere = document.createElement('button')
    document.body.append(elsewhere)
    elsewhere.focus()
    restoreFocus(wrapper)
    expect(document.activeElement).toBe(elsewhere)
  })

  it('is not put on an element that is not the one the visitor saw', () => {
    const wrapper = serverMarkup()
    focusButton(wrapper)
    render(wrapper, '<a href="/pricing">Pricing</a><button type="button">Close</button>')
    restoreFocus(wrapper)
    expect(document.activeElement).toBe(document.body)
  })

  it('is not given by another island’s render', () => {
    const wrapper = serverMarkup()
    focusButton(wrapper)
    render(wrapper)
    const other = document.createElement('div')
    other.id = 'section-3-cards'
    other.innerHTML = '<a href="/pricing">Pricing</a><button type="button">Request support</button>'
    document.body.append(other)
    restoreFocus(other)
    expect(document.activeElement).toBe(document.body)
  })

  it('is not taken by the next page’s island with the same id: that page’s focus is the router’s', () => {
    const wrapper = serverMarkup()
    focusButton(wrapper)
    // A link followed from the server's markup: a client navigation, and the next page's
    // island in the same place has the same id.
    history.pushState(null, '', '/pricing')
    const next = serverMarkup()
    render(next)
    restoreFocus(next)
    expect(document.activeElement).toBe(document.body)
  })
})
