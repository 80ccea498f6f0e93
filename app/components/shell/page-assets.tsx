/**
 * The document's head tags and body scripts: TanStack Router's HeadContent and Scripts, but
 * with the first load's JavaScript fetched after the first contentful paint
 * (docs/decisions/038, lib/deferred-entry.ts). The head carries no modulepreload, on the
 * server and in the browser alike (so hydration finds what the server wrote); the server
 * writes the loader where the client entry's module script would be, and the browser, once
 * the loader has put the entry back in that place, renders TanStack's Scripts as before.
 */
import { getSsrBodyScriptParts, composeSsrBodyScripts, type Manifest, type RouterManagedTag } from '@tanstack/router-core'
import { Asset, Scripts, useRouter, useTags } from '@tanstack/react-router'
import { DEFERRED_ENTRY_ATTR, DEFERRED_PRELOADS_ATTR, deferredEntryScript } from '../../lib/deferred-entry'

const isModulePreload = (tag: RouterManagedTag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload'

/** HeadContent without the modulepreloads: the loader adds them after the first paint. */
export function HeadTags() {
  const tags = useTags()
  const nonce = useRouter().options.ssr?.nonce
  return (
    <>
      {tags
        .filter((tag) => !isModulePreload(tag))
        .map((tag, index) => (
          // The browser keys a tag by its content, as TanStack's HeadContent does, so a
          // navigation keeps a tag that stays and replaces one that changed. A server render
          // has no earlier tags and writes no keys, and the JSON of the palette's style and the
          // page's structured data was a few per cent of a cache miss (docs/decisions/043).
          <Asset {...tag} key={import.meta.env.SSR ? index : `tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
    </>
  )
}

/**
 * The document's own inline scripts (the root's: theme, consent defaults, locale redirect,
 * scroll restoring, tap replay): written by the server, run once by the parser, and then left
 * as they are, through hydration and every client navigation (docs/decisions/059).
 *
 * Not through the route's `head().scripts`: TanStack Router's Script component runs an inline
 * script again in the browser unless it finds the server's copy, and it looks for it by its
 * `nonce` attribute, which the browser hides once the script has run (`getAttribute` gives
 * ""). So on a page rendered with a nonce it appended a second copy of each, which ran again
 * after hydration; and once hydrated it renders nothing, so React removed the server's copies,
 * and each client navigation appended and ran all five again: Consent Mode's defaults pushed
 * after the visitor's choice, and another tap-replay script that never hears the page hydrate.
 */
export function DocumentScripts({ scripts }: { scripts: string[] }) {
  const nonce = useRouter().options.ssr?.nonce
  return scripts.map((script, index) => (
    // The browser renders no nonce (it has none, and the attribute is hidden by then): React leaves the server's.
    <script key={index} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
  ))
}

/**
 * The body's scripts: on the server with the loader in the entry's place; in the browser,
 * TanStack's own (the server's part is left out of the browser's build).
 */
export function BodyScripts() {
  return import.meta.env.SSR ? <ServerBodyScripts /> : <Scripts />
}

/** Every chunk the matched routes preload, in the manifest's order, once. */
function preloadsOf(manifest: Manifest | undefined, routeIds: string[]): string[] {
  const hrefs = new Set<string>()
  for (const routeId of routeIds)
    for (const link of manifest?.routes[routeId]?.preloads ?? []) hrefs.add(typeof link === 'string' ? link : link.href)
  return [...hrefs]
}

/**
 * The router's first hydration scripts, taken once per request. The server may render a page
 * twice, when its string render left a part to the browser and the stream renderer renders it
 * again (docs/decisions/049): the second render writes the scripts the first one took.
 */
type InitialScripts = ReturnType<NonNullable<ReturnType<typeof useRouter>['serverSsr']>['takeInitialHydrationScriptTags']>
const takenScripts = new WeakMap<object, InitialScripts>()
function initialHydrationScripts(router: ReturnType<typeof useRouter>): InitialScripts {
  const ssr = router.serverSsr
  if (!ssr) return undefined
  if (!takenScripts.has(ssr)) takenScripts.set(ssr, ssr.takeInitialHydrationScriptTags())
  return takenScripts.get(ssr)
}

function ServerBodyScripts() {
  const router = useRouter()
  const nonce = router.options.ssr?.nonce
  const matches = router.stores.matches.get()
  const manifest = router.ssr?.manifest
  const [routeScripts, manifestScripts] = getSsrBodyScriptParts(matches, manifest, nonce, { suppressHydrationWarning: true })
  const preloads = preloadsOf(
    manifest,
    matches.map((match) => match.routeId),
  )
  // The manifest's module scripts (the client entry) become the loader; any inline one stays.
  const entries = manifestScripts.filter((script) => script.tag === 'script' && typeof script.attrs?.src === 'string')
  const deferred = manifestScripts.map((script): RouterManagedTag => {
    if (!entries.includes(script)) return script
    const src = String(script.attrs?.src)
    // The route's chunks go with the first entry (there is one).
    const chunks = script === entries[0] ? preloads.filter((href) => href !== src) : []
    const attrs = { nonce, [DEFERRED_ENTRY_ATTR]: src, [DEFERRED_PRELOADS_ATTR]: chunks.join(' ') }
    return { tag: 'script', attrs, children: deferredEntryScript() }
  })
  const scripts = composeSsrBodyScripts([routeScripts, deferred], initialHydrationScripts(router))
  return (
    <>
      {scripts.map((asset, index) => (
        <Asset {...asset} key={`tsr-scripts-${asset.tag}-${index}`} />
      ))}
    </>
  )
}
