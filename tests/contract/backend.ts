/**
 * The backend the contract suite talks to over HTTP:
 *
 *   CONTRACT_BACKEND_URL unset   `npm run cms` (the embedded CMS) on a free port, stopped afterwards
 *   CONTRACT_BACKEND_URL=http://127.0.0.1:8088   that server (a WordPress of `npm run wordpress`)
 *
 * CONTRACT_BACKEND=wordpress|cms says which kind it is (else WordPress is recognised by
 * its REST index). Both are started with CONTRACT_PREVIEW_SECRET, so signed previews can
 * be tested on either.
 */
import { readFileSync } from 'node:fs'
import { freePort } from '../support/built-site'
import { startTestServer } from '../support/test-server'

export const PREVIEW_SECRET = process.env.CONTRACT_PREVIEW_SECRET ?? 'contract-preview-secret-0123456789abcdef'

export interface Backend {
  url: string
  kind: 'cms' | 'wordpress'
  /** The embedded CMS's database (a libsql URL) when this suite started it, so tests can read what it stored. */
  database?: string
  stop: () => Promise<void>
}

/** `npm run cms` in its own process group (tests/support/test-server.ts), so stopping it leaves nothing behind. */
async function spawnCms(): Promise<Backend> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const database = 'file:.cache/test-cms/contract.db'
  const server = await startTestServer({
    command: 'npm',
    args: ['run', '--silent', 'cms'],
    env: {
      ...process.env,
      CMS_PORT: String(port),
      CMS_DATABASE_URL: database,
      CMS_UPLOAD_DIR: '.cache/test-cms/contract-uploads',
      PREVIEW_SECRET,
      npm_config_loglevel: 'error',
    },
    readyUrl: `${url}/api/v1/layout/`,
    startTimeoutMs: 60_000,
  })
  return { url, kind: 'cms', database, stop: () => server.stop() }
}

export async function startBackend(): Promise<Backend> {
  const url = process.env.CONTRACT_BACKEND_URL?.replace(/\/+$/, '')
  if (!url) return spawnCms()
  const named = process.env.CONTRACT_BACKEND
  let kind: Backend['kind']
  if (named === 'wordpress' || named === 'cms') kind = named
  else {
    const index = await fetch(`${url}/api/`).catch(() => null)
    const body = index?.ok ? ((await index.json()) as { namespaces?: string[] }) : null
    kind = body?.namespaces?.includes('wp/v2') ? 'wordpress' : 'cms'
  }
  return { url, kind, stop: async () => undefined }
}

/**
 * WordPress only: the admin's application password of `npm run wordpress`, for the
 * tests that change content through WordPress's own REST API (as an editor would).
 */
export function wordpressAuth(): string {
  const file = process.env.CONTRACT_WORDPRESS_APP_PASSWORD_FILE ?? '.cache/wordpress/app-password'
  return `Basic ${Buffer.from(readFileSync(file, 'utf8').trim()).toString('base64')}`
}
