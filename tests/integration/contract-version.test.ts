/**
 * The content contract's version at start (docs/content-api.md, "Versions") against the
 * production build (`npm run build` first), over the embedded CMS on loopback
 * (tests/support/flaky-backend.ts) whose version answer a test may replace: a backend of
 * the site's major version is used; one from before the version call (404) is read as 1.0
 * with a warning; another major version stops `npm start` with a message that says which
 * side to update.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../app/config/env'
import { CONTRACT_VERSION } from '../../app/contract/contract-version'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'
import { freePort, startBuiltSite } from '../support/built-site'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'

const work = mkdtempSync(path.join(tmpdir(), 'site-contract-'))
/** What the backend answers to GET /api/v1/version: the CMS's own, or a test's. */
let versionAnswer: (() => Response) | null = null
let backend: FlakyBackend

beforeAll(async () => {
  const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  backend = await startFlakyBackend(async (request) => {
    if (versionAnswer && new URL(request.url).pathname === '/api/v1/version') return versionAnswer()
    return cms.fetch(request)
  })
}, 30_000)

afterAll(async () => {
  await backend?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Starts the build over the backend and waits until it exits (or 20 s pass); answers its exit code and output. */
async function runUntilExit(): Promise<{ code: number | null; output: string }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CONTENT_API_URL: backend.url,
      CMS_DATABASE_URL: `file:${path.join(work, `site-${port}.db`)}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((done) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      done(null)
    }, 20_000)
    child.on('exit', (exitCode) => {
      clearTimeout(timer)
      done(exitCode)
    })
  })
  return { code, output }
}

describe('the content contract version at start', () => {
  it('serves over a backend of its own major version, and says which', async () => {
    versionAnswer = null
    const site = await startBuiltSite({ dataDir: work, env: { CONTENT_API_URL: backend.url } })
    try {
      expect((await fetch(`${site.origin}/about`)).status).toBe(200)
      await expect.poll(() => site.output(), { timeout: 10_000 }).toContain(`speaks content contract ${CONTRACT_VERSION}`)
    } finally {
      await site.stop()
    }
  })

  it('reads a backend without the version call (404) as 1.0, with a warning, and serves', async () => {
    versionAnswer = () => Response.json({ code: 'rest_no_route' }, { status: 404 })
    const site = await startBuiltSite({ dataDir: work, env: { CONTENT_API_URL: backend.url } })
    try {
      expect((await fetch(`${site.origin}/about`)).status).toBe(200)
      await expect.poll(() => site.output(), { timeout: 10_000 }).toContain('does not report its content contract version')
    } finally {
      await site.stop()
    }
  })

  it('stops at start over a backend of another major version, saying which side to update', async () => {
    versionAnswer = () => Response.json({ contract: '2.0', backend: 'kestrel-headless 2.0.0' })
    const { code, output } = await runUntilExit()
    expect(code).toBe(1)
    expect(output).toContain(
      `The content backend at ${backend.url} speaks contract 2.0, and this site speaks ${CONTRACT_VERSION} (any 1.x). Update the site so both speak the same major version`,
    )
    expect(output).not.toMatch(/\n\s+at /)
  })

  it('stops at start when the version answer is not JSON (CONTENT_API_URL is not the backend)', async () => {
    versionAnswer = () => new Response('<!doctype html><title>A shop</title>', { headers: { 'content-type': 'text/html' } })
    const { code, output } = await runUntilExit()
    expect(code).toBe(1)
    expect(output).toContain(
      '/api/v1/version did not answer JSON. Is CONTENT_API_URL the address of a WordPress with the kestrel-headless plugin?',
    )
  })
})
