/**
 * `npm run soak`: the production build under 64 connections on loopback for
 * 60 s (`-- --duration 120` for longer) over a mix of pages, searches and form
 * submissions, against a content backend of its own (`npm run cms`'s entry, as a
 * separate process) that is killed at one third of the run and started again at two
 * thirds. A script, not a test: it prints what happened.
 *
 * Prints the requests, the answers by kind and status, socket errors and timeouts, p99
 * latency, and the server's RSS at start and end. Exits 1 on a socket error or a 5xx
 * other than 503 (a page nobody had read before the outage answers 503 + Retry-After, as
 * designed). Submissions the backend could not take while it was down are counted apart
 * (the visitor got "try again"; the outbox will keep them).
 *
 * Needs `npm run build`. Ports 4425 (site) and 4426 (backend); data under `.cache/soak/`.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { portInUse, startTestServer, type TestServer } from '../tests/support/test-server'
import { mib, ms } from './bench/format'
import { HOST, requireBuild, root, startBuiltServer } from './bench/server'

const SITE_PORT = 4425
const BACKEND_PORT = 4426
const CONNECTIONS = 64
const soakDir = join(root, '.cache/soak')

const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '60' } } })
const durationSeconds = Number(args.duration)
if (!Number.isInteger(durationSeconds) || durationSeconds < 6 || durationSeconds > 3600) {
  console.error('soak: --duration must be a whole number of seconds from 6 to 3600')
  process.exit(1)
}

requireBuild()
for (const port of [SITE_PORT, BACKEND_PORT]) {
  if (await portInUse(port)) {
    console.error(`soak: port ${port} is already in use; stop whatever listens there and run again`)
    process.exit(1)
  }
}
rmSync(soakDir, { recursive: true, force: true })
mkdirSync(join(soakDir, 'uploads'), { recursive: true })

const backendUrl = `http://${HOST}:${BACKEND_PORT}`

function startBackend(): Promise<TestServer> {
  return startTestServer({
    command: process.execPath,
    args: ['--import', 'tsx', 'cms/serve.ts'],
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Every request of the soak comes from one address: per-client limits would turn it into a test of them.
      RATE_LIMIT_FACTOR: '1000',
      CMS_HOST: HOST,
      CMS_PORT: String(BACKEND_PORT),
      CMS_DATABASE_URL: 'file:.cache/soak/cms.db',
      CMS_UPLOAD_DIR: '.cache/soak/uploads',
    },
    readyUrl: `${backendUrl}/api/v1/layout/`,
    startTimeoutMs: 60_000,
  })
}

/** The submitForm server function's id, as the build named it (the browser posts to /_serverFn/{id}). */
function submitFormId(): string {
  const chunks = join(root, '.output/server/_ssr')
  for (const name of readdirSync(chunks).filter((file) => file.startsWith('forms.functions-'))) {
    const id = /submitForm_createServerFn_handler = createServerRpc\(\{\s*id: "([0-9a-f]+)"/.exec(
      readFileSync(join(chunks, name), 'utf8'),
    )?.[1]
    if (id) return id
  }
  console.error('soak: the build has no submitForm server function; run `npm run build` again')
  process.exit(1)
}

/** The contact form (content/en/forms/1.json) filled in as the browser sends it. */
async function contactSubmission(): Promise<{ body: string; contentType: string }> {
  const form = new FormData()
  form.set('input_1', 'Soak Test')
  form.set('input_2', 'soak@example.com')
  form.set('input_5', 'A message from npm run soak.')
  form.set('input_6_1', '1')
  form.set('_formId', '1')
  form.set('_locale', 'en')
  form.set('_source', JSON.stringify({ kind: 'page', path: '/contact' }))
  form.set('_pageUrl', 'http://127.0.0.1/contact')
  const request = new Request('http://x/', { method: 'POST', body: form })
  return { body: await request.text(), contentType: request.headers.get('content-type') ?? '' }
}

type Kind = 'page' | 'search' | 'submission'
const answers: Record<Kind, Map<string, number>> = { page: new Map(), search: new Map(), submission: new Map() }
const count = (kind: Kind, label: string) => answers[kind].set(label, (answers[kind].get(label) ?? 0) + 1)

const pages = ['/', '/about', '/services', '/contact', '/pricing', '/blog', '/de/about', '/careers', '/blog/rss.xml', '/sitemap.xml']
const searches = ['backup', 'cloud', 'security', 'microsoft', 'helpdesk', 'ransomware']

let backend = await startBackend()
const site = await startBuiltServer(SITE_PORT, {
  CONTENT_API_URL: backendUrl,
  CMS_DATABASE_URL: 'file:.cache/soak/site.db',
  CMS_UPLOAD_DIR: '.cache/soak/uploads',
})
const submission = await contactSubmission()
const submitPath = `/_serverFn/${submitFormId()}`
let searchCounter = 0

const requests: autocannon.Request[] = [
  ...pages.map((path) => ({ method: 'GET' as const, path, onResponse: (status: number) => count('page', String(status)) })),
  {
    method: 'GET',
    path: '/?s=backup',
    // Half the searches are ones nobody asked before (misses), half are repeats (cache hits).
    setupRequest: (request) => {
      searchCounter += 1
      const term = searches[searchCounter % searches.length] ?? 'backup'
      return { ...request, path: `/?s=${encodeURIComponent(searchCounter % 2 === 0 ? `${term} ${searchCounter}` : term)}` }
    },
    onResponse: (status) => count('search', String(status)),
  },
  {
    method: 'POST',
    path: submitPath,
    headers: { 'content-type': submission.contentType, 'x-tsr-serverFn': 'true', 'sec-fetch-site': 'same-origin' },
    body: submission.body,
    onResponse: (status, body) => {
      if (status !== 200) count('submission', String(status))
      else if (body.includes('success')) count('submission', '200 accepted')
      else count('submission', '200 not taken (backend down: try again / outbox)')
    },
  },
]

const startRss = site.rssBytes()
const phases: string[] = []
const started = Date.now()
const at = (fraction: number) => Math.round(durationSeconds * 1000 * fraction)
const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`

const killTimer = setTimeout(
  () => {
    phases.push(`${since()}: backend killed`)
    void backend.stop()
  },
  at(1 / 3),
)
const restartTimer = setTimeout(
  () => {
    phases.push(`${since()}: backend restarting`)
    void startBackend().then((started) => {
      backend = started
      phases.push(`${since()}: backend answering again`)
    })
  },
  at(2 / 3),
)

console.log(
  `soak: ${CONNECTIONS} connections for ${durationSeconds} s on ${site.origin}; the backend dies at a third and comes back at two thirds`,
)
let result: autocannon.Result
try {
  result = await autocannon({ url: site.origin, connections: CONNECTIONS, duration: durationSeconds, requests, timeout: 20 })
} finally {
  clearTimeout(killTimer)
  clearTimeout(restartTimer)
}
const endRss = site.rssBytes()
const output = site.output()
await site.stop()
await backend.stop()

const byStatus = new Map<string, number>()
for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) byStatus.set(code, stats.count ?? 0)
const fiveHundreds = [...byStatus].filter(([code]) => Number(code) >= 500 && code !== '503')

console.log('')
for (const line of phases) console.log(`  ${line}`)
console.log('')
console.log(`requests          ${result.requests.total} (${Math.round(result.requests.average)} req/s)`)
console.log(`status codes      ${[...byStatus].map(([code, n]) => `${code}: ${n}`).join(', ')}`)
for (const kind of ['page', 'search', 'submission'] as const) {
  console.log(`  ${kind.padEnd(15)} ${[...answers[kind]].map(([label, n]) => `${label}: ${n}`).join(', ') || '(none)'}`)
}
console.log(`socket errors     ${result.errors} (timeouts ${result.timeouts}, resets ${result.resets ?? 0})`)
console.log(`latency           p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`)
console.log(`server RSS        start ${startRss === null ? 'n/a' : mib(startRss)}, end ${endRss === null ? 'n/a' : mib(endRss)}`)
console.log(
  `backend log lines ${
    output
      .split('\n')
      .filter((line) => line.includes('[backend]'))
      .join('\n                  ') || '(none)'
  }`,
)

const problems = [
  ...fiveHundreds.map(([code, n]) => `${n} answers with status ${code}`),
  ...(result.errors > 0 ? [`${result.errors} socket errors or timeouts`] : []),
]
if (problems.length > 0) {
  console.error(`\nsoak: FAILED: ${problems.join('; ')}`)
  process.exit(1)
}
console.log('\nsoak: passed (no 5xx but 503, no socket errors)')
