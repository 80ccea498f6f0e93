/**
 * The content contract's version, asked once when the server starts (docs/content-api.md,
 * "Versions"): the site and the WordPress plugin are deployed separately, and a backend
 * that speaks another major version would otherwise show as pages that break one by one.
 *
 * - another major version, or an answer that is no version: the Node server stops with a
 *   message that says which side to update (on Netlify and Vercel the function cannot stop
 *   itself: the message is logged at every cold start);
 * - 404 (a plugin from before the version call): a warning, and the site runs, as 1.0;
 * - no answer (the backend is down or slow): a warning, and the site runs: its outage
 *   handling (decision 012) covers the requests until the backend is back.
 */
import { contractCompatibility } from '../../contract/contract-version'

export type ContractCheck =
  | { kind: 'compatible'; version: string }
  | { kind: 'unreported' }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'incompatible'; message: string }

export async function checkContract(baseUrl: string, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<ContractCheck> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/version`
  let response: Response
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    return { kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) }
  }
  if (response.status === 404) return { kind: 'unreported' }
  if (!response.ok) return { kind: 'unreachable', reason: `HTTP ${response.status}` }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return {
      kind: 'incompatible',
      message: `${url} did not answer JSON. Is CONTENT_API_URL the address of a WordPress with the kestrel-headless plugin?`,
    }
  }
  const reported = typeof body === 'object' && body !== null ? (body as { contract?: unknown }).contract : undefined
  const result = contractCompatibility(reported, baseUrl)
  return result.ok ? { kind: 'compatible', version: result.version } : { kind: 'incompatible', message: result.message }
}

/** Logs the outcome; answers whether the server may go on serving. */
export function reportContractCheck(check: ContractCheck, baseUrl: string): boolean {
  switch (check.kind) {
    case 'compatible':
      console.log(`[content] ${baseUrl} speaks content contract ${check.version}`)
      return true
    case 'unreported':
      console.warn(`[content] ${baseUrl} does not report its content contract version (a plugin older than 1.1.0?); reading it as 1.0`)
      return true
    case 'unreachable':
      console.warn(`[content] could not ask ${baseUrl} for its content contract version (${check.reason}); starting anyway`)
      return true
    case 'incompatible':
      console.error(`\n[content] ${check.message}\n`)
      return false
  }
}
