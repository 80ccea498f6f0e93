/**
 * The site's state in a shared PostgreSQL (DATABASE_URL; docs/decisions/032-postgres-for-several-servers.md),
 * against a real server from Debian's `postgresql` (tests/support/postgres.ts). Each
 * "process" here is a store with a connection pool of its own, as each server process has:
 * - the outbox keeps an enquiry's attachment with its row, and another process sends it;
 * - two outbox workers never claim the same row, on Postgres and on SQLite, and a backend
 *   that ignores Idempotency-Key (as Gravity Forms' own route does) gets each enquiry once;
 * - a rate limit of N is N across three processes;
 * - a purge reaches the other processes, one that starts late and one that lost its
 *   connection (purge-sync.server.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSqlStore } from '../../app/lib/rate-limit'
import type { PurgeRequest } from '../../app/contract/cache-tags'
import { createWpSource } from '../../app/server/content/backend-source.server'
import { openPostgres, type PostgresDatabase } from '../../app/server/db/postgres.server'
import type { SiteDatabase } from '../../app/server/db/sql.server'
import { openSqlite } from '../../app/server/db/sqlite.server'
import { createOutbox, type Outbox, type OutboxEntry } from '../../app/server/enquiries/outbox.server'
import { createOutboxWorker } from '../../app/server/enquiries/outbox-worker.server'
import { createPurgeSync } from '../../app/server/page-cache/purge-sync.server'
import { startPostgres, type TestPostgres } from '../support/postgres'
import { takeConsoleOutput } from '../setup/fail-on-console'

const work = mkdtempSync(path.join(tmpdir(), 'site-shared-db-'))
let postgres: TestPostgres
const opened: SiteDatabase[] = []

async function open(url: string): Promise<SiteDatabase> {
  const database = url.startsWith('postgres') ? await openPostgres(url) : await openSqlite(url)
  opened.push(database)
  return database
}

beforeAll(async () => {
  postgres = await startPostgres()
}, 60_000)

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => undefined)
  await postgres?.stop()
  rmSync(work, { recursive: true, force: true })
})

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

function enquiry(marker: string): { formId: string; entries: OutboxEntry[] } {
  return {
    formId: '1',
    entries: [
      ['input_6', marker],
      ['input_8', new File([pdf], 'report.pdf', { type: 'application/pdf' }), 'report.pdf'],
    ],
  }
}

async function enqueue(outbox: Outbox, marker: string) {
  const { formId, entries } = enquiry(marker)
  const id = await outbox.enqueue(
    {
      kind: 'form',
      target: formId,
      locale: 'en',
      idempotencyKey: `key-${marker}-0123456789`,
      payload: { entries, visitorIp: '203.0.113.9', sourceUrl: 'https://example.test/contact' },
    },
    'unavailable',
  )
  expect(id).not.toBeNull()
  return id!
}

/** Every row due now, so a claim takes it. */
const dueNow = () => Date.now() + 60 * 60_000

describe('the outbox in PostgreSQL', () => {
  it('keeps an attachment with its row, for another process to send; delivered, both are gone', async () => {
    const url = await postgres.createDatabase('outbox_files')
    const here = createOutbox({ database: async () => open(url).then((db) => db), fileDir: path.join(work, 'none') })
    await enqueue(here, 'with-a-file')
    const elsewhere = createOutbox({ database: () => open(url), fileDir: path.join(work, 'none'), now: dueNow })
    const [item] = await elsewhere.claimDue(10)
    expect(item?.kind).toBe('form')
    if (item?.kind !== 'form') return
    const file = item.payload.entries.find(([key]) => key === 'input_8')
    expect(file?.[2]).toBe('report.pdf')
    expect(new Uint8Array(await (file![1] as Blob).arrayBuffer())).toEqual(pdf)
    await elsewhere.delivered(item.id)
    const db = await open(url)
    expect((await db.execute('SELECT count(*) AS n FROM outbox')).rows[0]?.n).toBe('0')
    expect((await db.execute('SELECT count(*) AS n FROM outbox_files')).rows[0]?.n).toBe('0')
  })
})

/** A submission endpoint that ignores Idempotency-Key, as Gravity Forms' own route does: every POST is a new entry. */
async function startForgetfulBackend(): Promise<{ url: string; received: string[]; close(): Promise<void> }> {
  const received: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const body = await new Request('http://backend.test/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData()
        // Slow enough that two workers' passes overlap.
        await new Promise((done) => setTimeout(done, 20))
        received.push(body.get('input_6') as string)
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"is_valid":true,"confirmation_message":"Thanks"}')
      })()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((done) => server.close(() => done())) }
}

describe.each([
  ['PostgreSQL', (name: string) => postgres.createDatabase(name)],
  ['SQLite', async (name: string) => `file:${path.join(work, `${name}.db`)}`],
])('two outbox workers on one %s database', (name, databaseUrl) => {
  // Postgres: two pools race for the rows (SQLite's local client runs one worker's statements before the other's, so nothing races there).
  it.runIf(name === 'PostgreSQL')('never claim the same row', async () => {
    const url = await databaseUrl('claims')
    const visitor = createOutbox({ database: () => open(url), fileDir: work })
    for (let n = 0; n < 60; n++) await enqueue(visitor, `claim-${n}`)
    // Two processes, each with its own connection pool, an hour later: every row is due.
    const [one, two] = await Promise.all([open(url), open(url)])
    const first = createOutbox({ database: async () => one, fileDir: work, now: dueNow })
    const second = createOutbox({ database: async () => two, fileDir: work, now: dueNow })
    const claimedBy = async (outbox: Outbox) => {
      const ids: number[] = []
      for (;;) {
        const items = await outbox.claimDue(3)
        if (items.length === 0) return ids
        ids.push(...items.map((item) => item.id))
      }
    }
    const [a, b] = await Promise.all([claimedBy(first), claimedBy(second)])
    expect(a.length + b.length).toBe(60)
    expect(new Set([...a, ...b]).size).toBe(60)
    expect(a.length, 'both workers took part').toBeGreaterThan(0)
    expect(b.length, 'both workers took part').toBeGreaterThan(0)
  })

  it('send each enquiry once to a backend that ignores Idempotency-Key', async () => {
    const databaseFor = await databaseUrl('deliveries')
    const backend = await startForgetfulBackend()
    try {
      const content = createWpSource({ baseUrl: backend.url, timeoutMs: 5000 })
      const markers = Array.from({ length: 30 }, (_, n) => `delivery-${n}`)
      const visitor = createOutbox({ database: () => open(databaseFor), fileDir: work })
      for (const marker of markers) await enqueue(visitor, marker)
      const outboxes = [0, 1].map(() => createOutbox({ database: () => open(databaseFor), fileDir: work, now: dueNow }))
      const workers = outboxes.map((outbox) => createOutboxWorker({ outbox, content: () => content }))
      const passes = await Promise.all(workers.map((worker) => worker.runOnce()))
      expect(passes.reduce((sum, pass) => sum + pass.delivered, 0)).toBe(30)
      expect(backend.received.toSorted()).toEqual(markers.toSorted())
    } finally {
      await backend.close()
    }
  })
})

describe('rate limits in PostgreSQL', () => {
  it('allow N across three processes together', async () => {
    const url = await postgres.createDatabase('limits')
    const stores = await Promise.all([0, 1, 2].map(async () => createSqlStore(await open(url), Date.now, 'postgres')))
    const limit = { count: 25, windowMs: 60_000 }
    const decisions = await Promise.all(Array.from({ length: 60 }, (_, n) => stores[n % 3]!.take('search:203.0.113.9', limit)))
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(25)
    const refused = decisions.find((decision) => !decision.allowed)
    expect(refused && !refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(0)
  })
})

describe('purges across processes', () => {
  let url: string
  const syncs: Array<ReturnType<typeof createPurgeSync>> = []
  beforeAll(async () => {
    url = await postgres.createDatabase('purges')
  })
  afterAll(async () => {
    for (const sync of syncs) await sync.stop()
  })

  function process(builtAt: number | null = null) {
    const applied: PurgeRequest[] = []
    let database: Promise<PostgresDatabase> | undefined
    const sync = createPurgeSync({
      apply: (request) => applied.push(request),
      builtAt: async () => builtAt,
      database: () => (database ??= open(url) as Promise<PostgresDatabase>),
    })
    syncs.push(sync)
    sync.start(true)
    return { sync, applied, database: () => database! }
  }

  it('reach a listening process within a second, and not the one that sent them', async () => {
    const sender = process()
    const listener = process()
    await Promise.all([sender.sync.inSync(), listener.sync.inSync()])
    const started = Date.now()
    expect(await sender.sync.broadcast({ tags: ['page:about'], paths: [] })).toEqual({ instances: 'notified' })
    await expect.poll(() => listener.applied, { timeout: 1000, interval: 10 }).toEqual([{ tags: ['page:about'], paths: [] }])
    expect(Date.now() - started).toBeLessThan(1000)
    expect(sender.applied).toEqual([])
  })

  it('are applied by a process that starts late, when they came after its build', async () => {
    const sender = process()
    await sender.sync.inSync()
    const builtAt = Date.now()
    await new Promise((done) => setTimeout(done, 5))
    await sender.sync.broadcast({ tags: ['post:after-the-build'], paths: [] })
    const late = process(builtAt)
    await late.sync.inSync()
    expect(late.applied).toContainEqual({ tags: ['post:after-the-build'], paths: [] })
    expect(late.applied).not.toContainEqual({ tags: ['page:about'], paths: [] })
  })

  it('without the database, hold the page cache once, for at most 3 s, not at every retry', async () => {
    const sync = createPurgeSync({
      apply: () => undefined,
      builtAt: async () => null,
      database: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')),
    })
    syncs.push(sync)
    const started = Date.now()
    sync.start(true)
    await sync.inSync()
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900)
    // Two more failed retries later, the cache answers at once: well under the 3 s it was held
    // (a margin for a busy machine, where test files run side by side).
    await new Promise((done) => setTimeout(done, 2500))
    const asked = Date.now()
    await sync.inSync()
    expect(Date.now() - asked).toBeLessThan(500)
    const said = takeConsoleOutput()
    expect(said.filter((line) => line.includes('not listening for'))).toHaveLength(1)
    expect(said.filter((line) => line.includes('could not be read within'))).toHaveLength(1)
  }, 15_000)

  it('missed while a process was disconnected are applied when it listens again', async () => {
    const sender = process()
    const listener = process()
    await Promise.all([sender.sync.inSync(), listener.sync.inSync()])
    const admin = await open(url)
    // Ends every LISTEN session but the sender's pool: the listener's connection is gone.
    await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")
    await sender.sync.broadcast({ tags: ['page:while-away'], paths: [] })
    await expect.poll(() => listener.applied, { timeout: 5000, interval: 50 }).toContainEqual({ tags: ['page:while-away'], paths: [] })
    // Each process whose LISTEN connection ended said so once.
    const said = takeConsoleOutput()
    expect(said.length).toBeGreaterThan(0)
    for (const line of said) expect(line).toMatch(/\[purge-sync\] not listening for other processes' purges \(terminating connection/)
  })
})
