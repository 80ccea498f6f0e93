/**
 * No lost enquiries (docs/decisions/011-submission-outbox.md), over real HTTP on loopback:
 * the site's submission road (app/server/enquiries/submissions.server.ts, with its SQLite outbox,
 * idempotency keys and worker) in front of a proxy, in front of the embedded CMS served
 * over HTTP. The proxy fails every other request in turn (a dropped connection before the
 * CMS saw it, or a 502 after the CMS stored the entry: the answer lost), or plays dead
 * and comes back. Every submission must arrive in the CMS's entries exactly once.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedCms } from '../../cms/index'
import { takeConsoleOutput } from '../setup/fail-on-console'

const work = mkdtempSync(path.join(tmpdir(), 'site-outbox-'))
const servers: Server[] = []

/** Ports from TEST_PORT_BASE when set (machines that share port ranges), else any free one. */
let nextPort = Number(process.env.TEST_PORT_BASE ?? 0)
async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(nextPort ? nextPort++ : 0, '127.0.0.1', done))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The proxy's behaviour: `flaky` fails every other request, `down` every one, `up` none. */
const backend = { mode: 'up' as 'up' | 'down' | 'flaky', requests: 0 }

let cms: EmbeddedCms
let cmsDb: Client
let site: typeof import('../../app/server/enquiries/submissions.server')

beforeAll(async () => {
  const { createEmbeddedCms } = await import('../../cms/index')
  cms = createEmbeddedCms({
    contentDir: 'tests/fixtures/cms-forms',
    databaseUrl: `file:${path.join(work, 'cms.db')}`,
    locales: ['en', 'de'],
    defaultLocale: 'en',
    previewSecret: undefined,
    uploadDir: path.join(work, 'cms-uploads'),
    smtpUrl: undefined,
    mailFrom: 'test <test@localhost>',
    siteUrl: undefined,
    printMail: false,
    adminUrl: 'http://localhost/wp-admin',
  })
  cmsDb = await cms.database()
  // The CMS over HTTP, as `npm run cms` serves it.
  const serveCms = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks)
    const answer = await cms.fetch(new Request(`http://cms.test${req.url ?? '/'}`, { method: req.method, headers, body }))
    res.writeHead(answer.status, Object.fromEntries(answer.headers))
    res.end(Buffer.from(await answer.arrayBuffer()))
  }
  const cmsOrigin = await listen(createServer((req, res) => void serveCms(req, res).catch(() => res.destroy())))
  const proxyOrigin = await listen(
    createServer((req, res) => {
      const n = backend.requests++
      const failing = backend.mode === 'down' || (backend.mode === 'flaky' && n % 2 === 1)
      // Half the failures before the CMS sees the request, half after it stored the entry.
      if (failing && (backend.mode === 'down' || n % 4 === 1)) {
        req.socket.destroy()
        return
      }
      const upstream = httpRequest(`${cmsOrigin}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        if (failing) {
          answer.resume()
          answer.on('end', () => res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway'))
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => res.writeHead(502).end())
      req.pipe(upstream)
    }),
  )
  process.env.CONTENT_API_URL = proxyOrigin
  process.env.CONTENT_TIMEOUT_MS = '5000'
  process.env.SITE_DATABASE_URL = `file:${path.join(work, 'site.db')}`
  process.env.SITE_OUTBOX_DIR = path.join(work, 'outbox')
  site = await import('../../app/server/enquiries/submissions.server')
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
  cmsDb?.close()
  rmSync(work, { recursive: true, force: true })
})

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** Form 1 of the fixtures, valid, with a file and a marker to find the entry by. */
function enquiry(marker: string, key: string) {
  const entries: Array<[string, string | Blob, string?]> = [
    ['input_1_3', 'Ada'],
    ['input_1_6', 'Lovelace'],
    ['input_2', 'ada@example.com'],
    ['input_3', '+44 20 7946 0958'],
    ['input_4', 'support'],
    ['input_5', '2031-05-04'],
    ['input_6', `Our backups fail ${marker}`],
    ['input_7_1', 'backups'],
    ['input_8', new File([pdf], 'report.pdf', { type: 'application/pdf' }), 'report.pdf'],
    ['input_11_1', '1'],
  ]
  return {
    formId: '1',
    locale: 'en' as const,
    entries,
    visitorIp: '203.0.113.9',
    sourceUrl: 'http://site.test/contact',
    idempotencyKey: key,
  }
}

async function entriesWith(marker: string): Promise<{ entries: number; files: number }> {
  const entries = await cmsDb.execute({ sql: 'SELECT id FROM form_entries WHERE values_json LIKE ?', args: [`%${marker}"%`] })
  const ids = entries.rows.map((row) => Number(row.id))
  const files = ids.length
    ? await cmsDb.execute({ sql: `SELECT count(*) AS n FROM entry_files WHERE entry_id IN (${ids.map(() => '?').join(',')})`, args: ids })
    : null
  return { entries: ids.length, files: Number(files?.rows[0]?.n ?? 0) }
}

/** Attachments kept with waiting submissions, in the site database (decision 032: no longer files on disk). */
const outboxFiles = async () => {
  const { siteDatabase } = await import('../../app/server/db/site-db.server')
  const db = await siteDatabase()
  return Number((await db.execute('SELECT count(*) AS n FROM outbox_files')).rows[0]?.n) + readdirIfAny(path.join(work, 'outbox'))
}
const readdirIfAny = (dir: string) => {
  try {
    return readdirSync(dir).length
  } catch {
    return 0
  }
}

/** The expected log lines of the backend client (down, back), the adapter and the outbox; anything else fails the test. */
function expectOnlyOutageLogs() {
  for (const line of takeConsoleOutput()) expect(line).toMatch(/\[backend\] |\[content\] Content backend unavailable|\[outbox\]/)
}

describe('the outbox against a backend that fails every other request', () => {
  it('N submissions with a file: each arrives exactly once, and the outbox empties', async () => {
    backend.mode = 'flaky'
    const count = 12
    const keys = Array.from({ length: count }, (_, i) => `flaky-key-${i}-${Date.now()}`)
    const outcomes = await Promise.all(keys.map((key, i) => site.sendSubmission(enquiry(`flaky-${i}`, key))))
    // Every visitor was told something final: sent, or received and kept.
    for (const outcome of outcomes) expect(['valid', 'queued']).toContain(outcome.kind)
    expect(outcomes.some((outcome) => outcome.kind === 'queued')).toBe(true)

    // The worker, made to run now instead of after its backoff (as `npm run outbox retry` does).
    for (let pass = 0; pass < 40 && (await site.outbox.list()).length > 0; pass++) {
      await site.outbox.retry()
      await site.runOutboxPass()
    }
    expect(await site.outbox.list()).toEqual([])
    expect(await outboxFiles()).toBe(0)
    for (let i = 0; i < count; i++) expect(await entriesWith(`flaky-${i}`), `submission ${i}`).toEqual({ entries: 1, files: 1 })
    expectOnlyOutageLogs()
  }, 90_000)

  it('a double submit with one key makes one entry and gives both the same answer', async () => {
    backend.mode = 'up'
    const key = `double-key-${Date.now()}`
    const [first, second] = await Promise.all([
      site.sendSubmission(enquiry('double-1', key)),
      site.sendSubmission(enquiry('double-1', key)),
    ])
    expect(first).toEqual(second)
    expect(first?.kind).toBe('valid')
    // A retried request after the answer: the same answer again, still one entry.
    expect(await site.sendSubmission(enquiry('double-1', key))).toEqual(first)
    expect(await entriesWith('double-1')).toEqual({ entries: 1, files: 1 })
  })
})

describe('the outbox against a backend that is down, then comes back', () => {
  it('keeps every submission while down, and the worker delivers each exactly once when it is back', async () => {
    backend.mode = 'down'
    const count = 6
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, i) => site.sendSubmission(enquiry(`down-${i}`, `down-key-${i}-${Date.now()}`))),
    )
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(count).fill('queued'))
    // A double click while down: the same answer, no second copy in the outbox.
    const key = `down-double-${Date.now()}`
    expect((await site.sendSubmission(enquiry('down-double', key))).kind).toBe('queued')
    expect((await site.sendSubmission(enquiry('down-double', key))).kind).toBe('queued')
    const waiting = await site.outbox.list()
    expect(waiting).toHaveLength(count + 1)
    expect(waiting.every((row) => row.state !== 'rejected' && row.attempts >= 1)).toBe(true)
    expect(await outboxFiles()).toBe(count + 1)
    for (let i = 0; i < count; i++) expect((await entriesWith(`down-${i}`)).entries).toBe(0)

    backend.mode = 'up'
    // The server's own worker (started by the first submission), on its timer and backoff.
    await expect.poll(async () => (await site.outbox.list()).length, { timeout: 50_000, interval: 250 }).toBe(0)
    for (let i = 0; i < count; i++) expect(await entriesWith(`down-${i}`), `submission ${i}`).toEqual({ entries: 1, files: 1 })
    expect(await entriesWith('down-double')).toEqual({ entries: 1, files: 1 })
    // The row goes first, then its files (a crash between the two leaves a stray file, never a row without its files).
    await expect.poll(outboxFiles, { timeout: 5_000, interval: 100 }).toBe(0)
    expectOnlyOutageLogs()
  }, 90_000)

  it('a forgot-password request waits too, and sends one mail when the backend is back', async () => {
    backend.mode = 'up'
    const register = await site.sendAccountRequest(
      {
        action: 'register',
        locale: 'en',
        fields: { name: 'Ada', email: 'ada.outbox@example.org', password: 'correct horse battery' },
        visitorIp: null,
      },
      `register-key-${Date.now()}`,
    )
    expect(register).toMatchObject({ ok: true })
    backend.mode = 'down'
    const mails = async () =>
      Number((await cmsDb.execute("SELECT count(*) AS n FROM outbox WHERE to_address = 'ada.outbox@example.org'")).rows[0]?.n)
    const forgot = await site.sendAccountRequest(
      { action: 'forgot', locale: 'en', fields: { email: 'ada.outbox@example.org', nuxtURL: 'http://localhost:3000' }, visitorIp: null },
      `forgot-key-${Date.now()}`,
    )
    expect(forgot).toEqual({ queued: true })
    expect(await mails()).toBe(0)
    backend.mode = 'up'
    await expect.poll(async () => (await site.outbox.list()).length, { timeout: 50_000, interval: 250 }).toBe(0)
    expect(await mails()).toBe(1)
    expectOnlyOutageLogs()
  }, 90_000)

  it('never queues a login, nor a registration (its password would be kept at rest)', async () => {
    backend.mode = 'down'
    const login = await site.sendAccountRequest(
      { action: 'login', locale: 'en', fields: { email: 'ada.outbox@example.org', password: 'x' }, visitorIp: null },
      `login-key-${Date.now()}`,
    )
    expect(login).toEqual({ ok: false, status: 0, message: '' })
    const register = await site.sendAccountRequest(
      {
        action: 'register',
        locale: 'en',
        fields: { name: 'Grace', email: 'grace.outbox@example.org', password: 'correct horse battery' },
        visitorIp: null,
      },
      `register-down-key-${Date.now()}`,
    )
    expect(register).toEqual({ ok: false, status: 0, message: '' })
    expect(await site.outbox.list()).toEqual([])
    backend.mode = 'up'
    expectOnlyOutageLogs()
  })
})
