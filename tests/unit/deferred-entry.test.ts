import { describe, expect, it } from 'vitest'
import { deferredEntryScript, deferredEntryUrls } from '../../app/lib/deferred-entry'
import { referencedScripts } from '../../scripts/size'

const page = (loader: string) =>
  `<html><head><link rel="stylesheet" href="/assets/styles.css"><link rel="modulepreload" href="/assets/head.js"></head>` +
  `<body><main>…</main>${loader}<script>$_TSR.e()</script></body></html>`

describe('the first load fetched after the first paint (docs/decisions/038)', () => {
  const loader = `<script nonce="n0" data-entry="/assets/index-A1.js" data-preloads="/assets/shell-B2.js /assets/routes-C3.js">${deferredEntryScript()}</script>`

  it('names the entry and its preloads, in that order, from the loader', () => {
    expect(deferredEntryUrls(page(loader))).toEqual(['/assets/index-A1.js', '/assets/shell-B2.js', '/assets/routes-C3.js'])
    expect(deferredEntryUrls(page(''))).toEqual([])
  })

  it('an empty preload list names the entry alone', () => {
    expect(deferredEntryUrls(page('<script data-entry="/assets/index-A1.js" data-preloads="">…</script>'))).toEqual(['/assets/index-A1.js'])
  })

  it('npm run size counts what the loader fetches with what the HTML names itself', () => {
    expect(referencedScripts(page(loader)).sort()).toEqual([
      '/assets/head.js',
      '/assets/index-A1.js',
      '/assets/routes-C3.js',
      '/assets/shell-B2.js',
    ])
  })

  it('the loader is one text on every page, so a stored page keeps one CSP hash for it', () => {
    expect(deferredEntryScript()).toBe(deferredEntryScript())
    expect(deferredEntryScript()).not.toMatch(/\/assets\//)
  })
})
