/**
 * The `wp` adapter: the content API contract (requirements §7) over HTTP. It talks to a WordPress
 * that implements the contract, or to the embedded CMS; the embedded one is reached
 * in-process by handing this adapter the CMS's fetch handler. Every call goes through one
 * BackendClient (timeouts, a retry for reads, the circuit breaker); concurrent reads of
 * one URL share one call (backend-access.server.ts). The reads are backend-reads.server.ts,
 * the writes backend-writes.server.ts.
 */
import { backendConfig } from '../config.server'
import { createBackendAccess } from './backend-access.server'
import { createBackendClient, type BackendClient, type FetchLike, type OutageEvent } from './backend-client.server'
import { backendReads } from './backend-reads.server'
import { backendWrites } from './backend-writes.server'
import type { ContentSource } from './content-source.server'

export type { FetchLike }

export interface WpSourceOptions {
  /** The API origin, e.g. `https://cms.example.com` (calls go to `{baseUrl}/api/v1/…`). */
  baseUrl: string
  /** Each attempt's limit (uploads get at least backendConfig.uploadTimeoutMs). */
  timeoutMs: number
  fetch?: FetchLike
  /** The client to call through; by default one of its own (its own breaker) with backendConfig's retry and breaker. */
  client?: BackendClient
  /** An answer that breaks the contract, for the server log (outages are logged by the breaker, once each way). */
  onError?: (error: Error) => void
  /** The breaker opened or closed (only when this source makes its own client). */
  onOutage?: (event: OutageEvent) => void
}

/** The client a source makes for itself: backendConfig's retry and breaker, one breaker per origin. */
export function createWpClient(options: Omit<WpSourceOptions, 'client' | 'onError'>): BackendClient {
  return createBackendClient({
    origin: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    timeoutMs: options.timeoutMs,
    retry: backendConfig.retry,
    breaker: backendConfig.breaker,
    onOutage: options.onOutage,
  })
}

export function createWpSource(options: WpSourceOptions): ContentSource {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const client = options.client ?? createWpClient(options)
  const access = createBackendAccess(baseUrl, client, options.onError)
  return { ...backendReads(access), ...backendWrites(access, options.timeoutMs) }
}
