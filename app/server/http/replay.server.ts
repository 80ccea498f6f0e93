/**
 * Answers sent again as they were (docs/decisions/035-cached-page-replay.md): a page the
 * page cache answered as a fresh HIT, with every header it left with, written again from
 * Node's own request handler (app/server/node-server.ts) for the next request that would
 * get the very same answer, without the Web Request and Response, the routing steps or the
 * header steps in between.
 *
 * Only a request that nothing but its URL, its host, its Accept-Encoding and, behind a
 * proxy, its forwarded protocol can change the answer of is replayed: GET or HEAD, no
 * search (`?s=`, limited per visitor), no cookie, no validator, no range, no body
 * (`replayableRequest`). A replay ends
 * when the page cache would answer otherwise: its entry was purged, replaced or went stale,
 * or the CDN lifetime the answer carries (whole seconds) moved on. Every purge, a change of
 * the editor's redirects and a purge log being read (purge-sync.server.ts) forget them all.
 *
 * Two bundles load this file (the server entry's and Nitro's); the state is the process's.
 */
import type { IncomingMessage } from 'node:http'

/** The header the page cache offers a replay with; the Node entry removes it before the answer leaves. */
const REPLAY_OFFER_HEADER = 'x-kestrel-replay'

/** What the page cache offers with an answer: its bytes, and whether the same answer still holds. */
export interface ReplayOffer {
  body: Uint8Array
  stillValid: () => boolean
}

export interface Replay {
  status: number
  statusText: string
  /** name, value, name, value…: as Node's `writeHead` takes them. */
  headers: string[]
  body: Uint8Array
  stillValid: () => boolean
  /** The path without the query, for the request's log line (the app's line says the same). */
  route: string
}

/** Enough for every page in both methods and a few encodings; a flood of hosts or headers only empties it. */
const MAX_REPLAYS = 4096
/** Offers the entry never took (a response that ended another way) are dropped past this. */
const MAX_OFFERS = 256

interface ReplayState {
  offers: Map<string, ReplayOffer>
  replays: Map<string, Replay>
  nextOffer: number
  /** While false (the purge log is being read), nothing is replayed or kept. */
  allowed: boolean
  /** Set by the Node entry: only its server takes offers, so nothing is offered without it (vite dev, the platforms). */
  taking: boolean
}

const STATE = Symbol.for('kestrel.replay')
const store = globalThis as typeof globalThis & { [STATE]?: ReplayState }
const state: ReplayState = (store[STATE] ??= {
  offers: new Map(),
  replays: new Map(),
  nextOffer: 0,
  allowed: true,
  taking: false,
})

/** The page cache's side: marks an answer as one that may be sent again while `offer.stillValid()`. */
export function offerReplay(headers: Headers, offer: ReplayOffer): void {
  if (!state.taking || !state.allowed) return
  if (state.offers.size >= MAX_OFFERS) state.offers.clear()
  const token = String(++state.nextOffer)
  state.offers.set(token, offer)
  headers.set(REPLAY_OFFER_HEADER, token)
}

/** Every purge: nothing answered before it is sent again. */
export function forgetReplays(): void {
  state.replays.clear()
  state.offers.clear()
}

/** Shut while this process may be missing other processes' purges (purge-sync.server.ts). */
export function allowReplays(allowed: boolean): void {
  state.allowed = allowed
  if (!allowed) forgetReplays()
}

/** The Node entry: from now on, offers are taken. */
export function takeReplayOffers(): void {
  state.taking = true
}

/**
 * Whether the answer to this request depends on nothing but what `replayKey` holds. HTTP/2
 * is left to srvx, which writes its headers differently.
 */
function replayableRequest(request: IncomingMessage): boolean {
  const method = request.method
  if (method !== 'GET' && method !== 'HEAD') return false
  if (request.httpVersionMajor !== 1) return false
  const url = request.url
  if (url === undefined || url.charCodeAt(0) !== 47 /* / */) return false
  // A search is limited per visitor (request-guards.server.ts), so the same URL may be refused next time.
  const query = url.indexOf('?')
  if (query !== -1 && new URLSearchParams(url.slice(query + 1)).has('s')) return false
  const headers = request.headers
  return (
    headers.cookie === undefined &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined &&
    headers.range === undefined &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    headers.authorization === undefined
  )
}

/**
 * What the answer to a replayable request depends on. The forwarded protocol decides
 * Strict-Transport-Security, and whether it is believed depends on who sent it
 * (visitor.server.ts, TRUST_PROXY): with one, the socket's address is part of the key.
 */
function replayKey(request: IncomingMessage): string {
  const headers = request.headers
  const forwarded = headers['x-forwarded-proto'] ?? headers.forwarded
  const from = forwarded === undefined ? '' : `${String(forwarded)} ${request.socket.remoteAddress ?? ''}`
  return `${request.method} ${request.url} ${headers.host ?? ''} ${headers['accept-encoding'] ?? ''} ${from}`
}

/**
 * The path without the query, as the app's own log line has it: srvx joins the origin and
 * the request target as text. Parsed as a URL of its own, a target such as `//host…/` would
 * name a host, and one that cannot be a host throws; null then, and nothing is kept.
 */
function routeOf(url: string): string | null {
  try {
    return new URL(`http://localhost${url}`).pathname
  } catch {
    return null
  }
}

/** The replay for this request, if there is one that still holds. */
export function replayFor(request: IncomingMessage): Replay | null {
  if (!state.allowed || state.replays.size === 0 || !replayableRequest(request)) return null
  const key = replayKey(request)
  const replay = state.replays.get(key)
  if (replay === undefined) return null
  if (replay.stillValid()) return replay
  state.replays.delete(key)
  return null
}

/**
 * The Node entry's side, once an answer is final (every header step done): takes the page
 * cache's offer off the answer, and keeps the answer for the requests that would get it again.
 */
export function keepReplay(request: IncomingMessage, response: Response): void {
  const token = response.headers.get(REPLAY_OFFER_HEADER)
  if (token === null) return
  response.headers.delete(REPLAY_OFFER_HEADER)
  const offer = state.offers.get(token)
  state.offers.delete(token)
  if (offer === undefined || !state.allowed || !replayableRequest(request)) return
  const route = routeOf(request.url ?? '/')
  if (route === null) return
  const headers: string[] = []
  for (const [name, value] of response.headers) headers.push(name, value)
  if (state.replays.size >= MAX_REPLAYS) state.replays.clear()
  state.replays.set(replayKey(request), {
    status: response.status,
    statusText: response.statusText,
    headers,
    body: offer.body,
    stillValid: offer.stillValid,
    route,
  })
}
