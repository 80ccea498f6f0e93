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
 * designed). Every submission is a new one (its own idempotency key and message, a fill-time
 * stamp old enough); those the backend could not take while it was down wait in the
 * site's outbox. After the run the soak waits for the outbox to empty and compares the
 * entries in the backend with the submissions the site confirmed: it exits 1 unless each
 * arrived exactly once, and if any was refused ("try again") rather than kept. Answers are
 * counted by their body, not by the request autocannon hands them to (countAnswer).
 *
 * Needs `npm run build`. Ports 4425 (site) and 4426 (backend); data under `.cache/soak/`.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { createClient } from '@libsql/client'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { serverFnId } from '../tests/support/built-site'
import { portInUse, startTestServer, type TestServer } from '../tests/support/test-server'
import { mib, ms } from './bench/format'
import { HOST, requireBuild, root, startBuiltServer } from './bench/server'

const SITE_PORT = 4425
const BACKEND_PORT = 4426
const CONNECTIONS = 64
/** The speed work's aim for the server's RSS when the soak ends (docs/requirements.md, §11.1's aims). */
const END_RSS_AIM_BYTES = 300 * 1024 * 1024
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
  try {
    return serverFnId('submitForm')
  } catch (error) {
    console.error(`soak: ${(error as Error).message}`)
    process.exit(1)
  }
}

/** The site signs form stamps with it; the soak makes the stamp a form fetches when shown (app/server/http/abuse.server.ts). */
const FORM_SECRET = 'soak-form-secret-0123456789abcdef0123456789'
/** A stamp issued a minute before the run: every submission is older than the minimum fill time. */
const stampIssuedAt = String(Date.now() - 60_000)
const stamp = `${stampIssuedAt}.${createHmac('sha256', FORM_SECRET).update(`form-stamp:${stampIssuedAt}`).digest('base64url')}`

const BOUNDARY = 'soak-0b1d6a2f'
/** The contact form (content/en/forms/1.json) filled in as the browser sends it: the n-th submission, a new one. */
function contactSubmission(n: number): string {
  const fields: Record<string, string> = {
    input_1: 'Soak Test',
    input_2: 'soak@example.com',
    input_5: `Soak message ${n}`,
    input_6_1: '1',
    _formId: '1',
    _locale: 'en',
    _source: JSON.stringify({ kind: 'page', path: '/contact' }),
    _pageUrl: 'http://127.0.0.1/contact',
    _stamp: stamp,
    _idempotencyKey: randomUUID(),
  }
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return `${parts.join('')}--${BOUNDARY}--\r\n`
}

type Kind = 'page' | 'search' | 'submission'
const answers: Record<Kind, Map<string, number>> = { page: new Map(), search: new Map(), submission: new Map() }
const count = (kind: Kind, label: string) => answers[kind].set(label, (answers[kind].get(label) ?? 0) + 1)

/**
 * Counts an answer by what its body is, not by the request autocannon hands it to: after a
 * timeout a connection's answers can reach the handler of the request after theirs, and a
 * page's HTML holds `"success"` too (the router's state). Pages, searches, the feed and the
 * sitemap are markup; a server function answers JSON.
 */
function countAnswer(sentAs: Kind, status: number, body: string) {
  const markup = body.trimStart().startsWith('<')
  if (sentAs === 'submission' && markup) return count('page', `${status} (handed to a submission's handler)`)
  if (sentAs !== 'submission' && !markup && status === 200) return countSubmission(status, body, ` (handed to a ${sentAs}'s handler)`)
  if (sentAs === 'submission') return countSubmission(status, body, '')
  count(sentAs, String(status))
}

function countSubmission(status: number, body: string, note: string) {
  if (status !== 200) count('submission', String(status))
  // form-guard.server.ts and forms.functions.ts: accepted answers carry the confirmation; queued ones say "received".
  else if (body.includes('confirmationHtml')) count('submission', '200 accepted')
  else if (body.includes('"received"')) count('submission', '200 received (in the outbox)')
  else count('submission', `200 not taken (try again)${note}`)
}

const pages = ['/', '/about', '/services', '/contact', '/pricing', '/blog', '/de/about', '/careers', '/blog/rss.xml', '/sitemap.xml']
const searches = ['backup', 'cloud', 'security', 'microsoft', 'helpdesk', 'ransomware']

let backend = await startBackend()
const site = await startBuiltServer(
  SITE_PORT,
  {
    CONTENT_API_URL: backendUrl,
    SITE_DATABASE_URL: 'file:.cache/soak/site.db',
    SITE_OUTBOX_DIR: '.cache/soak/outbox',
    FORM_SECRET,
    // As `npm start` runs it: one process, with its V8 flags (docs/deploy.md, "Memory").
  },
  true,
)
let submissionCounter = 0
const submitPath = `/_serverFn/${submitFormId()}`
let searchCounter = 0

const requests: autocannon.Request[] = [
  ...pages.map((path) => ({
    method: 'GET' as const,
    path,
    onResponse: (status: number, body: string) => countAnswer('page', status, body),
  })),
  {
    method: 'GET',
    path: '/?s=backup',
    // Half the searches are ones nobody asked before (misses), half are repeats (cache hits).
    setupRequest: (request) => {
      searchCounter += 1
      const term = searches[searchCounter % searches.length] ?? 'backup'
      return { ...request, path: `/?s=${encodeURIComponent(searchCounter % 2 === 0 ? `${term} ${searchCounter}` : term)}` }
    },
    onResponse: (status, body) => countAnswer('search', status, body),
  },
  {
    method: 'POST',
    path: submitPath,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-tsr-serverFn': 'true', 'sec-fetch-site': 'same-origin' },
    setupRequest: (request) => {
      submissionCounter += 1
      return { ...request, body: contactSubmission(submissionCounter) }
    },
    onResponse: (status, body) => countAnswer('submission', status, body),
  },
]

const startRss = site.rssBytes()
const startHeap = await site.afterFullGc()
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
const endHeap = await site.afterFullGc()

// Every submission the site confirmed must arrive once: wait for the outbox to empty.
const siteDb = createClient({ url: 'file:.cache/soak/site.db' })
const cmsDb = createClient({ url: 'file:.cache/soak/cms.db' })
// The site's worker and the backend write while the soak reads.
await siteDb.execute('PRAGMA busy_timeout = 10000')
await cmsDb.execute('PRAGMA busy_timeout = 10000')
const waiting = async () => Number((await siteDb.execute("SELECT count(*) AS n FROM outbox WHERE state != 'rejected'")).rows[0]?.n ?? 0)
const drainStarted = Date.now()
while ((await waiting()) > 0 && Date.now() - drainStarted < 180_000) await new Promise((done) => setTimeout(done, 500))
const drainSeconds = (Date.now() - drainStarted) / 1000
const stillWaiting = await waiting()
const rejected = Number((await siteDb.execute("SELECT count(*) AS n FROM outbox WHERE state = 'rejected'")).rows[0]?.n ?? 0)
const entryRows = await cmsDb.execute("SELECT values_json FROM form_entries WHERE form_id = '1'")
const messages = entryRows.rows.map((row) => /Soak message (\d+)/.exec(String(row.values_json))?.[1] ?? '?')
const distinct = new Set(messages).size
const confirmed = (answers.submission.get('200 accepted') ?? 0) + (answers.submission.get('200 received (in the outbox)') ?? 0)
const notTaken = [...answers.submission].filter(([label]) => label.startsWith('200 not taken')).reduce((sum, [, n]) => sum + n, 0)
siteDb.close()
cmsDb.close()

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
console.log(
  `submissions       ${confirmed} confirmed; the outbox emptied in ${drainSeconds.toFixed(1)} s (${stillWaiting} still waiting, ${rejected} rejected); ` +
    `${entryRows.rows.length} entries in the backend, ${distinct} distinct (${entryRows.rows.length - distinct} duplicates; ` +
    `${Math.max(0, distinct - confirmed)} whose answer was still in flight when the run ended)`,
)
console.log(`socket errors     ${result.errors} (timeouts ${result.timeouts}, resets ${result.resets ?? 0})`)
console.log(`latency           p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`)
console.log(
  `server RSS        start ${startRss === null ? 'n/a' : mib(startRss)}, end ${endRss === null ? 'n/a' : mib(endRss)}` +
    // Shown beside the end; the exit code stays with what the soak proves (no lost submission, no 5xx but 503).
    (endRss === null ? '' : ` (aim: at most ${mib(END_RSS_AIM_BYTES)} at the end, ${endRss <= END_RSS_AIM_BYTES ? 'met' : 'MISSED'})`),
)
console.log(
  `live heap         after a full GC: start ${startHeap ? mib(startHeap.heapUsed) : 'n/a'}, end ${endHeap ? mib(endHeap.heapUsed) : 'n/a'}` +
    (endHeap ? ` (V8 keeps ${mib(endHeap.heapTotal)} for reuse; outside the heap: ${mib(endHeap.rss - endHeap.heapTotal)})` : ''),
)
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
  ...(stillWaiting > 0 ? [`${stillWaiting} submissions still in the outbox`] : []),
  // The outbox has room for thousands (app/server/config.server.ts): while the backend is down it keeps each one.
  ...(notTaken > 0 ? [`${notTaken} submissions refused with "try again" instead of kept`] : []),
  ...(entryRows.rows.length !== distinct ? [`${entryRows.rows.length - distinct} duplicate entries`] : []),
  // More may arrive than were confirmed: the load tool drops the answers still in flight when time is up (one per connection at most).
  ...(distinct < confirmed || distinct > confirmed + CONNECTIONS ? [`${confirmed} submissions confirmed, ${distinct} arrived`] : []),
  ...(result.errors > 0 ? [`${result.errors} socket errors or timeouts`] : []),
]
if (problems.length > 0) {
  console.error(`\nsoak: FAILED: ${problems.join('; ')}`)
  process.exit(1)
}
console.log('\nsoak: passed (no 5xx but 503, no socket errors, no submission refused, every confirmed one arrived exactly once)')
