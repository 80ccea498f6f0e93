/**
 * The signed stamp a public form fetches when it becomes interactive; the
 * submission carries it back, and one sent sooner than the minimum fill time is a bot's
 * (abuse.server.ts). Per visitor and per moment, so never cached.
 */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import { issueStamp, rateLimit } from '../http/abuse.server'
import { env } from '../env.server'
import { countryLookup } from '../http/geo-country.server'

export const fetchFormStamp = createServerFn({ method: 'GET' }).handler(async (): Promise<{ stamp: string | null }> => {
  setResponseHeader('cache-control', 'private, no-store')
  if (await rateLimit('stamp')) return { stamp: null }
  // A form became interactive: read the country database now (once per process), so the
  // submission finds it loaded (requirements §10.4; geo-country.server.ts). Not where a
  // platform names the country (Netlify, Vercel, Cloudflare): there it is read only if a
  // request ever comes without that header.
  if (env.TRUST_PROXY === 'none' || typeof env.TRUST_PROXY === 'number') void countryLookup()
  return { stamp: issueStamp() }
})
