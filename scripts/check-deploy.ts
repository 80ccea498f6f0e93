/**
 * `npm run check:deploy` (CI, scripts/run.sh; docs/deploy.md): builds the Netlify and
 * Vercel targets and checks what each platform will be handed.
 *
 * Per platform, twice:
 *   1. with CONTENT_API_URL set (no embedded CMS, SKIP_PRERENDER=1): the function holds no
 *      CMS code and no content, and its size is measured;
 *   2. as the demo deploys it (the embedded CMS, content bundled, prerendered pages on
 *      Vercel): the layout (function entry, static files, prerendered HTML where the
 *      platform serves it, the generated header and routing configuration), the outbox
 *      drain's schedule (Netlify's scheduled function as its bundler reads it, Vercel's cron
 *      job), the content bundled, the size, and the cold start (a fresh `node` importing the
 *      function entry until its first answer).
 * Then the smoke e2e (tests/deploy/, playwright.deploy.config.ts) against the platform's
 * output served by scripts/deploy/local-platform.ts.
 *
 * The Netlify function's size is that of the zip Netlify's own bundler
 * (@netlify/zip-it-and-ship-it, as `netlify deploy` runs it) makes of it; Vercel's is the
 * `.func` directory Nitro writes, which Vercel uploads as it is.
 *
 *   tsx scripts/check-deploy.ts [--targets netlify,vercel] [--skip-build] [--no-smoke]
 *
 * Writes `.cache/deploy/report.json`; exits 1 on the first failed check, naming it.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { securityHeaders, strictTransportSecurity } from '../app/server/http/security-headers.server'
import { PRERENDER_MANIFEST, type PrerenderManifest } from '../app/server/page-cache/prerendered.server'
import { outboxDrain } from '../app/server/platform/schedules'
import { outputLayout } from './deploy/targets'
import { isHtmlEntry, netlifyOutboxFunction, staticFileOf } from './deploy/platform-output'

type Platform = 'netlify' | 'vercel'
const root = resolve(import.meta.dirname, '..')
const reportDir = join(root, '.cache/deploy')
const args = process.argv.slice(2)
const option = (name: string) => {
  const index = args.indexOf(name)
  return index >= 0 ? args[index + 1] : undefined
}
const targets = (option('--targets') ?? 'netlify,vercel').split(',').filter((t): t is Platform => t === 'netlify' || t === 'vercel')
const skipBuild = args.includes('--skip-build')
const smoke = !args.includes('--no-smoke')

/** A string only the embedded CMS's code holds (cms/router.ts), and one only the bundled content holds. */
const CMS_MARKER = 'rest_invalid_url'
const CONTENT_MARKER = '"en/options.json"'
/** A closed port: a build pointed at it has no embedded CMS, and never calls it. */
const NO_CMS_ENV = { CONTENT_API_URL: 'http://127.0.0.1:9', SKIP_PRERENDER: '1' }

let failures = 0
function check(ok: boolean, what: string) {
  console.log(`${ok ? '  ok ' : '  FAIL'} ${what}`)
  if (!ok) failures++
}

function run(label: string, command: string, commandArgs: string[], env: Record<string, string> = {}) {
  const started = Date.now()
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  })
  const seconds = (Date.now() - started) / 1000
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000))
    console.error(`\ncheck-deploy: ${label} failed (exit ${result.status ?? result.signal})\n`)
    process.exit(1)
  }
  console.log(`  ${label}: ${seconds.toFixed(1)} s`)
  return seconds
}

const tsx = (script: string, ...rest: string[]) => ['--import', 'tsx', join(root, script), ...rest]

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return entry.isFile() ? [path] : []
  })
}

const bytesOf = (files: string[]) => files.reduce((sum, file) => sum + (lstatSync(file).isFile() ? statSync(file).size : 0), 0)
const anyFileHolds = (files: string[], text: string) =>
  files.some((file) => /\.(m?js|cjs)$/.test(file) && readFileSync(file, 'utf8').includes(text))
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

interface FunctionSize {
  /** What the platform is handed: Netlify's zip, Vercel's `.func` directory. */
  bytes: number
  files: number
  holdsCms: boolean
  holdsContent: boolean
  /** The schedules the platform reads, by function (Netlify's bundler) or by path (Vercel's `crons`). */
  schedules: Record<string, string | undefined>
}

/** Netlify: the zip its bundler makes of the site's function in `.netlify/v1/functions`, the files in it, and each function's schedule. */
async function netlifyFunction(): Promise<FunctionSize> {
  const { zipFunctions } = await import('@netlify/zip-it-and-ship-it')
  const out = join(reportDir, 'netlify-zip')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const functions = await zipFunctions([join(root, '.netlify/v1/functions')], out, {
    basePath: root,
    repositoryRoot: root,
    archiveFormat: 'zip',
  })
  const zipped = functions.find((found) => found.name === 'server')
  if (!zipped?.path) throw new Error('zip-it-and-ship-it made no zip of the Netlify function')
  const inputs = (zipped.inputs ?? []).filter((file) => existsSync(file))
  return {
    bytes: statSync(zipped.path).size,
    files: inputs.length,
    holdsCms: anyFileHolds(inputs, CMS_MARKER),
    holdsContent: anyFileHolds(inputs, CONTENT_MARKER),
    schedules: Object.fromEntries(functions.map((found) => [found.name, found.schedule])),
  }
}

function vercelFunction(): FunctionSize {
  const files = filesUnder(join(root, '.vercel/output/functions/__server.func'))
  const config = JSON.parse(readFileSync(join(root, '.vercel/output/config.json'), 'utf8')) as {
    crons?: { path: string; schedule: string }[]
  }
  return {
    bytes: bytesOf(files),
    files: files.length,
    holdsCms: anyFileHolds(files, CMS_MARKER),
    holdsContent: anyFileHolds(files, CONTENT_MARKER),
    schedules: Object.fromEntries((config.crons ?? []).map((cron) => [cron.path, cron.schedule])),
  }
}

/** Decision 034: each platform calls the outbox drain on its schedule (Netlify: a scheduled function; Vercel: a cron job). */
function checkOutboxSchedule(target: Platform, schedules: FunctionSize['schedules']) {
  const name = target === 'netlify' ? 'outbox-drain' : outboxDrain.path
  const where = target === 'netlify' ? `the scheduled function ${netlifyOutboxFunction.output}` : `config.json crons: ${outboxDrain.path}`
  check(schedules[name] === outboxDrain.schedule, `${where} runs on "${outboxDrain.schedule}" (found ${schedules[name] ?? 'none'})`)
}

const functionSize = (target: Platform) => (target === 'netlify' ? netlifyFunction() : Promise.resolve(vercelFunction()))

/** A fresh process that imports the function entry and asks for `/`: milliseconds to its first answer. */
async function coldStart(target: Platform): Promise<{ processMs: number; importMs: number; firstAnswerMs: number; status: number }> {
  const entry =
    target === 'netlify' ? join(root, '.netlify/v1/functions/server.mjs') : join(root, '.vercel/output/functions/__server.func/index.mjs')
  const tmp = join(reportDir, `${target}-cold-tmp`)
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  const code = `
    const started = performance.now()
    const module = await import(${JSON.stringify(entry)})
    const imported = performance.now()
    const handler = typeof module.default === 'function' ? module.default : module.default.fetch.bind(module.default)
    const response = await handler(new Request('http://127.0.0.1/'), { waitUntil() {} })
    await response.arrayBuffer()
    // Straight to stdout: the function's own log (app/server/log.server.ts) turns console lines into JSON lines of its own.
    process.stdout.write(JSON.stringify({ importMs: imported - started, firstAnswerMs: performance.now() - imported, status: response.status }) + String.fromCharCode(10))
    process.exit(0)`
  const spawned = performance.now()
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    env: { ...process.env, TMPDIR: tmp, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise((done) => child.once('exit', done))
  const processMs = performance.now() - spawned
  const line =
    output
      .trim()
      .split('\n')
      .findLast((text) => text.startsWith('{"importMs"')) ?? '{}'
  const measured = JSON.parse(line) as { importMs: number; firstAnswerMs: number; status: number }
  return {
    processMs: Math.round(processMs),
    importMs: Math.round(measured.importMs),
    firstAnswerMs: Math.round(measured.firstAnswerMs),
    status: measured.status,
  }
}

function checkNetlifyLayout() {
  const entry = join(root, '.netlify/v1/functions/server.mjs')
  check(existsSync(entry), 'function entry .netlify/v1/functions/server.mjs')
  const entryText = existsSync(entry) ? readFileSync(entry, 'utf8') : ''
  check(
    entryText.includes('dist/server/server.js') && /path:\s*"\/\*"/.test(entryText),
    'the function imports dist/server/server.js and answers /*',
  )
  const publish = join(root, outputLayout.netlify.static)
  check(
    existsSync(join(publish, 'assets')) && readdirSync(join(publish, 'assets')).some((f) => f.endsWith('.js')),
    'browser assets in dist/client/assets',
  )
  check(existsSync(join(publish, 'favicon.svg')), 'public files in dist/client')
  const headersFile = join(publish, '_headers')
  const headers = existsSync(headersFile) ? readFileSync(headersFile, 'utf8') : ''
  const everyPath = headers.split(/\n(?=\S)/).find((block) => block.startsWith('/*\n')) ?? ''
  check(
    Object.entries({ ...securityHeaders, 'Strict-Transport-Security': strictTransportSecurity }).every(([name, value]) =>
      everyPath.includes(`  ${name}: ${value}`),
    ),
    'dist/client/_headers: every security header and HSTS on /*',
  )
  check(/\/assets\/\*\n\s+Cache-Control: public, max-age=31536000, immutable/.test(headers), '_headers: hashed assets immutable')
  const toml = existsSync(join(root, 'netlify.toml')) ? readFileSync(join(root, 'netlify.toml'), 'utf8') : ''
  check(
    /command\s*=\s*"npm run build:netlify"/.test(toml) && /publish\s*=\s*"dist\/client"/.test(toml),
    'netlify.toml: build command and publish directory',
  )
  // Decision 015: no prerendered HTML among Netlify's static files (a static file ignores the query).
  check(
    !existsSync(join(publish, 'index.html')),
    'no prerendered HTML in the publish directory (pages go through the function and its durable cache)',
  )
}

function checkVercelLayout(prerendered: boolean) {
  const output = join(root, '.vercel/output')
  const config = JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')) as {
    version: number
    routes: { src?: string; dest?: string; handle?: string; headers?: Record<string, string>; continue?: boolean; has?: unknown[] }[]
    overrides?: Record<string, { path?: string }>
  }
  check(config.version === 3, 'config.json: Build Output API version 3')
  const funcDir = join(output, 'functions/__server.func')
  const vc = existsSync(join(funcDir, '.vc-config.json'))
    ? (JSON.parse(readFileSync(join(funcDir, '.vc-config.json'), 'utf8')) as { handler?: string; runtime?: string })
    : {}
  check(
    vc.handler !== undefined && existsSync(join(funcDir, vc.handler)),
    `function entry functions/__server.func/${vc.handler ?? '?'} (${vc.runtime ?? 'no runtime'})`,
  )
  const first = config.routes[0]
  check(
    first?.src === '/(.*)' &&
      first.continue === true &&
      Object.entries({ ...securityHeaders, 'Strict-Transport-Security': strictTransportSecurity }).every(
        ([name, value]) => first.headers?.[name] === value,
      ),
    'config.json: the first route adds every security header and HSTS to every answer',
  )
  const filesystem = config.routes.findIndex((route) => route.handle === 'filesystem')
  check(filesystem > 0, 'config.json: the filesystem phase')
  check(config.routes.at(-1)?.dest === '/__server', 'config.json: everything else goes to the function')
  check(existsSync(join(output, 'static/assets')), 'browser assets in static/assets')
  const manifestFile = join(root, outputLayout.vercel.prerendered, PRERENDER_MANIFEST)
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest) : null
  const entries = Object.entries(manifest?.pages ?? {})
  const pages = entries.filter(([, page]) => isHtmlEntry(page)).map(([key]) => key)
  const images = entries.filter(([, page]) => !isHtmlEntry(page)).map(([key]) => key)
  if (!prerendered) return
  check(pages.length > 0, `prerendered pages: ${pages.length}`)
  check(
    pages.every((key) => existsSync(join(output, 'static', staticFileOf(key)))),
    'every prerendered page is a file in .vercel/output/static',
  )
  check(
    images.every((key) => existsSync(join(output, 'static', staticFileOf(key, false)))),
    `every prerendered social image is a file at its path (${images.length})`,
  )
  check(
    pages.every((key) => key === '/' || config.overrides?.[staticFileOf(key)]?.path === decodeURIComponent(key).slice(1)),
    'every prerendered page is served at its path (overrides)',
  )
  const pageRoutes = config.routes.slice(0, filesystem).filter((route) => route.headers?.['Content-Security-Policy'])
  check(pageRoutes.length === pages.length, 'every prerendered page has its own Content-Security-Policy route')
  check(
    config.routes.slice(0, filesystem).some((route) => route.dest === '/__server' && JSON.stringify(route.has ?? []).includes('"key":"s"')),
    'a prerendered path with ?s= goes to the function',
  )
}

const report: Record<string, unknown> = {}

async function checkTarget(target: Platform) {
  console.log(`\n${target}`)
  const build = (env: Record<string, string>, label: string) => run(label, process.execPath, tsx('scripts/deploy/build.ts', target), env)
  const entry: Record<string, unknown> = {}
  if (!skipBuild) {
    entry.buildWithoutCmsSeconds = build(NO_CMS_ENV, `build:${target} with CONTENT_API_URL`)
    const without = await functionSize(target)
    check(!without.holdsCms, 'with CONTENT_API_URL: no embedded CMS code in the function')
    check(!without.holdsContent, 'with CONTENT_API_URL: no content in the function')
    checkOutboxSchedule(target, without.schedules)
    entry.withoutCms = without
    console.log(`  function without the CMS: ${mib(without.bytes)} (${without.files} files)`)
    entry.buildSeconds = build({}, `build:${target}`)
  }
  if (target === 'netlify') checkNetlifyLayout()
  else checkVercelLayout(process.env.SKIP_PRERENDER !== '1')
  const withCms = await functionSize(target)
  checkOutboxSchedule(target, withCms.schedules)
  check(withCms.holdsCms, 'the embedded CMS is in the function')
  check(withCms.holdsContent, 'the content folder is bundled into the function')
  entry.withCms = withCms
  console.log(`  function with the embedded CMS: ${mib(withCms.bytes)} (${withCms.files} files)`)
  const cold = await coldStart(target)
  check(cold.status === 200, `cold start: / answered ${cold.status}`)
  entry.coldStart = cold
  console.log(
    `  cold start: ${cold.processMs} ms from spawning node to the first answer (import ${cold.importMs} ms, first answer ${cold.firstAnswerMs} ms)`,
  )
  if (smoke) {
    entry.smokeSeconds = run(
      `smoke e2e (${target})`,
      process.execPath,
      [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.deploy.config.ts'],
      {
        DEPLOY_TARGET: target,
      },
    )
  }
  report[target] = entry
}

mkdirSync(reportDir, { recursive: true })
for (const target of targets) await checkTarget(target)
writeFileSync(join(reportDir, 'report.json'), JSON.stringify(report, null, 2))
console.log(`\ncheck-deploy: ${failures === 0 ? 'every check passed' : `${failures} check(s) failed`}; report in .cache/deploy/report.json`)
process.exit(failures === 0 ? 0 : 1)
