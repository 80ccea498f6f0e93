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
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const PREVIEW_SECRET = process.env.CONTRACT_PREVIEW_SECRET ?? 'contract-preview-secret-0123456789abcdef'

export interface Backend {
  url: string
  kind: 'cms' | 'wordpress'
  stop: () => void
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function spawnCms(): Promise<Backend> {
  const port = await freePort()
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'cms'], {
    env: {
      ...process.env,
      CMS_PORT: String(port),
      CMS_DATABASE_URL: 'file:.cache/test-cms/contract.db',
      CMS_UPLOAD_DIR: '.cache/test-cms/contract-uploads',
      PREVIEW_SECRET,
      npm_config_loglevel: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk) => (output += String(chunk)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cms did not start: ${output}`)), 30_000)
    child.stdout?.on('data', (chunk) => {
      if (String(chunk).includes('content API on')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => reject(new Error(`cms exited with ${code}: ${output}`)))
  })
  return { url: `http://127.0.0.1:${port}`, kind: 'cms', stop: () => child.kill('SIGTERM') }
}

export async function startBackend(): Promise<Backend> {
  const url = process.env.CONTRACT_BACKEND_URL?.replace(/\/+$/, '')
  if (!url) return spawnCms()
  let kind = process.env.CONTRACT_BACKEND
  if (kind !== 'wordpress' && kind !== 'cms') {
    const index = await fetch(`${url}/api/`).catch(() => null)
    const body = index?.ok ? ((await index.json()) as { namespaces?: string[] }) : null
    kind = body?.namespaces?.includes('wp/v2') ? 'wordpress' : 'cms'
  }
  return { url, kind: kind as Backend['kind'], stop: () => undefined }
}

/**
 * WordPress only: the admin's application password of `npm run wordpress`, for the
 * tests that change content through WordPress's own REST API (as an editor would).
 */
export function wordpressAuth(): string {
  const file = process.env.CONTRACT_WORDPRESS_APP_PASSWORD_FILE ?? '.cache/wordpress/state/app-password'
  return `Basic ${Buffer.from(readFileSync(file, 'utf8').trim()).toString('base64')}`
}
