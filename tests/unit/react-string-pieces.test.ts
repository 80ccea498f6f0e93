/**
 * React's string renderer in the server's build writes the page's markup into the pieces it
 * is given (scripts/vite-react-string-pieces-plugin.ts, docs/decisions/063): the patched
 * module, run from a copy, against React as published.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { compileFunction } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createElement, Suspense, type ReactNode } from 'react'
import type { ServerOptions } from 'react-dom/server'
import { withStringPieces } from '../../scripts/vite-react-string-pieces-plugin'

const require = createRequire(import.meta.url)
// The build Node's production server bundles (react-dom/server.node.js picks it).
const published = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs/react-dom-server-legacy.node.production.js')
const code = readFileSync(published, 'utf8')

type RenderToString = (element: ReactNode, options?: ServerOptions & { pieces?: string[] }) => string

/** The module's code run as CommonJS, its `require`s resolved from the published file's place. */
function load(source: string): RenderToString {
  const module = { exports: {} as { renderToString: RenderToString } }
  compileFunction(source, ['module', 'exports', 'require'], { filename: published })(module, module.exports, createRequire(published))
  return module.exports.renderToString
}

const page = createElement(
  'main',
  null,
  createElement('h1', null, 'It’s “quoted” – and ünïcødé'),
  createElement('div', { dangerouslySetInnerHTML: { __html: '<section>kept markup</section>' } }),
  createElement('p', { className: 'lead' }, 'Text ', 42, ' more'),
)

describe("React's string renderer in the server's build", () => {
  const original = load(code)
  const patched = load(withStringPieces(code))

  it('writes the markup into the pieces it is given, and returns nothing itself', () => {
    const pieces: string[] = []
    expect(patched(page, { pieces })).toBe('')
    expect(pieces.length).toBeGreaterThan(5)
    expect(pieces.join('')).toBe(original(page))
    // Markup set as HTML is one piece of its own: document-parts.server.ts finds a shared text in one piece.
    expect(pieces).toContain('<section>kept markup</section>')
  })

  it('returns the markup whole without `pieces`, as React does', () => {
    expect(patched(page)).toBe(original(page))
    expect(patched(page, { identifierPrefix: 'x-' })).toBe(original(page, { identifierPrefix: 'x-' }))
  })

  it('writes the marker of a part left to the browser as a piece of its own, as the page renderer looks for it', () => {
    const Suspends = () => {
      throw new Promise(() => {})
    }
    const waiting = createElement('main', null, createElement(Suspense, { fallback: 'Loading' }, createElement(Suspends)))
    const pieces: string[] = []
    patched(waiting, { pieces })
    expect(pieces.join('')).toBe(original(waiting))
    expect(pieces).toContain('<!--$!-->')
  })

  it('stops the build when an upgrade changed the code it rewrites or the marker it relies on', () => {
    expect(() => withStringPieces(code.replace('(result += chunk)', '(result = result + chunk)'))).toThrow(/not found/)
    expect(() =>
      withStringPieces(code.replace('destination.push("\\x3c!--$!--\\x3e")', 'destination.push("\\x3c!--$!--\\x3e\\x3ctemplate")')),
    ).toThrow(/marker/)
  })
})
