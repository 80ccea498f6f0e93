/**
 * On-demand revalidation (docs/content-api.md, "Revalidation"): `POST /api/revalidate`
 * with `Authorization: Bearer {REVALIDATE_SECRET}` and `{"tags": [...], "paths": [...]}`
 * purges what a content change touches, and answers what it purged. The embedded CMS
 * calls `purge()` in-process when a file in `content/` changes.
 *
 * The purge itself, every cache in its order, is app/server/page-cache/purge.server.ts;
 * this file is the webhook's door to it and the platform's CDN.
 */
import { z } from 'zod'
import { env } from '../env.server'
import { bearerMatches } from '../http/bearer.server'
import { purgeCdn, triggerDeployHook } from '../platform/cdn.server'
import { deployPlatform } from '../platform/platform-env.server'
import type { PurgeReport, PurgeRequest } from '../../contract/cache-tags'
import { purgeEverywhere } from './purge.server'

/** A tag: `all`, `menus`, `options`, `posts`, or a kind and a name (`page:services/cyber-security`, `post:x`, `popup:3`, `form:1`). */
const tag = z
  .string()
  .max(300)
  .regex(/^[a-z]+(?::[\p{L}\p{N}_/-]+)?$/u, { error: 'is not a cache tag (e.g. page:about, post:my-post, menus)' })
const path = z
  .string()
  .max(2000)
  .regex(/^\/[^?#\s]*$/, { error: 'must be a path starting with / (no query or fragment)' })

const purgeRequestSchema = z
  .object({
    tags: z.array(tag).max(200).default([]),
    paths: z.array(path).max(200).default([]),
  })
  .refine((value) => value.tags.length + value.paths.length > 0, { error: 'name at least one tag or path' })

/** Bodies are small: a list of tags and paths. */
const MAX_BODY_BYTES = 64 * 1024

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra },
  })
}

export async function handleRevalidate(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' }, { allow: 'POST' })
  // Checked whether or not a secret is configured, so the answer's timing says nothing either way.
  if (!bearerMatches(request, [env.REVALIDATE_SECRET])) {
    await request.body?.cancel()
    return json(401, { error: 'Missing or wrong revalidation secret.' }, { 'www-authenticate': 'Bearer' })
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return json(413, { error: 'The body is too large.' })
  let body: unknown
  try {
    const text = await request.text()
    if (text.length > MAX_BODY_BYTES) return json(413, { error: 'The body is too large.' })
    body = JSON.parse(text)
  } catch {
    return json(400, { error: 'The body must be JSON: {"tags": [...], "paths": [...]}.' })
  }
  const parsed = purgeRequestSchema.safeParse(body)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    return json(400, { error: 'The body is not a revalidation request.', problems })
  }
  const report = await purgeEverywhere(parsed.data)
  console.info(`[revalidate] tags=${parsed.data.tags.join(',') || '-'} paths=${parsed.data.paths.length}`)
  return json(200, { purged: { tags: parsed.data.tags, paths: parsed.data.paths, ...report, ...(await purgePlatform(parsed.data)) } })
}

/** On Netlify and Vercel (the build's target): the platform's CDN by tag, and the deploy hook when one is set. */
async function purgePlatform(request: PurgeRequest): Promise<PurgeReport> {
  const target = deployPlatform
  if (target === null) return {}
  const [cdn, deployHook] = await Promise.all([
    purgeCdn(target, env, request),
    env.DEPLOY_HOOK_URL ? triggerDeployHook(env.DEPLOY_HOOK_URL) : Promise.resolve(undefined),
  ])
  if ('failed' in cdn) console.error(`[revalidate] ${target} CDN not purged: ${cdn.failed}`)
  if (deployHook && 'failed' in deployHook) console.error(`[revalidate] deploy hook: ${deployHook.failed}`)
  return { cdn, ...(deployHook ? { deployHook } : {}) }
}
