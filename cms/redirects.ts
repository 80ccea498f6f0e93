/**
 * `GET /api/v1/redirects` (ours, docs/content-api.md, Redirects): the editor's redirects,
 * from `content/redirects.json`. Read on every call: the site keeps the answer in its data
 * cache, and a change to the file purges it (cms/watch.ts).
 */
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { wireRedirect } from '../app/contract/redirects'
import { json } from './http'

export const redirectsFile = z.object({ redirects: z.array(wireRedirect).max(10_000) })

export async function getRedirects(file: string | undefined): Promise<Response> {
  if (!file) return json({ result: { redirects: [] } })
  let raw: string
  try {
    raw = await readFile(file, 'utf8')
  } catch (error) {
    // No file: no redirects. Any other failure is the backend's (the handler answers 500 and logs it).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return json({ result: { redirects: [] } })
    throw error
  }
  const parsed = redirectsFile.safeParse(JSON.parse(raw))
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new Error(`${file}: ${where}`)
  }
  return json({ result: { redirects: parsed.data.redirects } })
}
