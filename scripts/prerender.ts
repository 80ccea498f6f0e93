/**
 * The last step of `npm run build` (requirements §10.1, "prerender popular pages at build"; see
 * docs/decisions/008): asks the content backend which pages are popular
 * (app/server/page-cache/prerender-routes.server.ts), renders each through the production build it
 * just made, and writes them with their brotli (quality 11) and gzip copies and a
 * manifest to `.output/server/prerendered/`. The server loads them when it starts and
 * answers them from memory; a revalidation replaces them like any cached page.
 *
 * With DEPLOY_TARGET=vercel (`npm run build:vercel`) it renders through the function of
 * that build, served by scripts/deploy/local-platform.ts, into `.vercel/prerendered/`;
 * scripts/deploy/platform-output.ts then puts the pages where Vercel serves static files.
 *
 * A backend that is down fails the build with a message saying so, unless
 * `SKIP_PRERENDER=1` builds without prerendered pages (every page is then rendered on
 * its first request).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEnvOrExit } from '../app/config/env'
import { ogImageTargetOf } from '../app/site-rules/og-image'
import { compressHtml, etagOf } from '../app/server/http/compression.server'
import { getContentSource } from '../app/server/content/get-content-source.server'
import { ContentUnavailableError } from '../app/server/content/content-source.server'
import { prerenderRoutes } from '../app/server/page-cache/prerender-routes.server'
import { OG_CARD_HEADER } from '../app/server/content/og-image/card-key.server'
import { PRERENDER_MANIFEST, renderIdentity, type PrerenderManifest } from '../app/server/page-cache/prerendered.server'
import { deployTarget, outputLayout } from './deploy/targets'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const target = deployTarget()
const serverEntry = join(root, outputLayout[target].serverEntry)
const outDir = join(root, outputLayout[target].prerendered)
const env = parseEnvOrExit()

let server: ChildProcess | undefined
const stopServer = () => {
  if (server?.pid && server.exitCode === null) server.kill('SIGTERM')
  server = undefined
}
process.on('exit', stopServer)

function fail(message: string): never {
  console.error(`\nprerender: ${message}\n`)
  stopServer()
  process.exit(1)
}

function writeManifest(manifest: PrerenderManifest) {
  mkdirSync(outDir, { recursive: true })
  writeFileSync(join(outDir, PRERENDER_MANIFEST), JSON.stringify(manifest, null, 2))
}

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : reject(new Error('no port'))))
    })
  })
}

async function startServer(): Promise<string> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const output: string[] = []
  // A platform's build has no server of its own: its function runs behind the platform's routing, emulated on loopback.
  const command =
    target === 'node' ? [serverEntry] : ['--import', 'tsx', join(root, 'scripts/deploy/local-platform.ts'), target, '--port', String(port)]
  server = spawn(process.execPath, command, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  for (let attempt = 0; attempt < 150; attempt++) {
    if (server.exitCode !== null) fail(`the built server stopped before answering:\n${output.join('')}`)
    try {
      if ((await fetch(`${origin}/favicon.svg`)).ok) return origin
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  return fail(`the built server did not answer on ${origin}:\n${output.join('')}`)
}

const tagsOf = (response: Response) =>
  (response.headers.get('cache-tag') ?? '')
    .split(',')
    .filter(Boolean)
    .map((tag) => decodeURI(tag))

/** The path of a page's generated social image, from its `og:image` (null when the page has an image of its own). */
function ogImageOf(html: string): string | null {
  const content = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
  if (!content) return null
  try {
    const { pathname } = new URL(content.replaceAll('&amp;', '&'))
    return ogImageTargetOf(pathname) ? pathname : null
  } catch {
    return null
  }
}

async function main() {
  const started = Date.now()
  rmSync(outDir, { recursive: true, force: true })
  if (process.env.SKIP_PRERENDER === '1') {
    writeManifest({ builtAt: Date.now(), renderedFor: renderIdentity(env), pages: {} })
    console.log('prerender: skipped (SKIP_PRERENDER=1); every page renders on its first request.')
    process.exit(0)
  }
  if (!existsSync(serverEntry)) fail(`no production build at ${outputLayout[target].serverEntry}; run \`vite build\` first.`)

  let routes: string[]
  try {
    routes = await prerenderRoutes(getContentSource())
  } catch (error) {
    const backend = env.CONTENT_API_URL ?? 'the embedded CMS'
    if (error instanceof ContentUnavailableError) {
      fail(
        `the content backend (${backend}) did not answer, so the pages to prerender cannot be chosen.\n` +
          `  ${error.message}\n` +
          `Start the backend and build again, or build without prerendered pages: SKIP_PRERENDER=1 npm run build`,
      )
    }
    throw error
  }

  const origin = await startServer()
  const manifest: PrerenderManifest = { builtAt: Date.now(), renderedFor: renderIdentity(env), pages: {} }
  let bytes = 0
  let images = 0
  let imageBytes = 0
  for (const route of routes) {
    const response = await fetch(origin + route, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } })
    if (response.status !== 200) {
      // A menu may link to a page that is gone: it is simply not prerendered (it answers 404 at run time).
      console.warn(`prerender: ${route} answered ${response.status}; not prerendered`)
      await response.body?.cancel()
      continue
    }
    const body = new Uint8Array(await response.arrayBuffer())
    const key = new URL(route, origin).pathname
    const file = key === '/' ? 'index.html' : `${decodeURIComponent(key).slice(1)}/index.html`
    const target = join(outDir, file)
    mkdirSync(dirname(target), { recursive: true })
    const { br, gzip: gz } = await compressHtml(body, 11)
    writeFileSync(target, body)
    writeFileSync(`${target}.br`, br)
    writeFileSync(`${target}.gz`, gz)
    bytes += body.byteLength
    manifest.pages[key] = {
      file,
      etag: etagOf(body),
      contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
      tags: tagsOf(response),
    }
    // The page's generated social image goes with it (docs/decisions/018).
    const image = ogImageOf(new TextDecoder().decode(body))
    if (image && !manifest.pages[image]) {
      const png = await fetch(origin + image)
      if (png.status !== 200 || png.headers.get('content-type') !== 'image/png') {
        console.warn(`prerender: ${image} (the image of ${route}) answered ${png.status}; not prerendered`)
        await png.body?.cancel()
        continue
      }
      const bytes = new Uint8Array(await png.arrayBuffer())
      // What it was drawn from: the server keeps these bytes while the page gives the same card (og-image.server.ts).
      const card = png.headers.get(OG_CARD_HEADER)
      const imageFile = decodeURIComponent(image).slice(1)
      mkdirSync(dirname(join(outDir, imageFile)), { recursive: true })
      writeFileSync(join(outDir, imageFile), bytes)
      manifest.pages[image] = {
        file: imageFile,
        etag: etagOf(bytes),
        contentType: 'image/png',
        tags: tagsOf(png),
        ...(card ? { card } : {}),
      }
      images++
      imageBytes += bytes.byteLength
    }
  }
  stopServer()
  writeManifest(manifest)
  const count = Object.keys(manifest.pages).length - images
  console.log(
    `prerender: ${count} pages (${(bytes / 1024).toFixed(0)} KiB of HTML, with brotli and gzip copies) and ${images} social images (${(imageBytes / 1024).toFixed(0)} KiB) in ${((Date.now() - started) / 1000).toFixed(1)} s → ${outputLayout[target].prerendered}/`,
  )
  process.exit(0)
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)))
