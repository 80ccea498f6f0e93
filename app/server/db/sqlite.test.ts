/**
 * The site database as an SQLite file under overlapping requests (sqlite.server.ts): a write
 * transaction waits between its statements, and other requests' statements meanwhile must
 * wait their turn instead of finding the file locked.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createOutbox } from '../enquiries/outbox.server'
import { openSqlite } from './sqlite.server'

const work = mkdtempSync(path.join(tmpdir(), 'site-sqlite-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')

describe('the SQLite site database', () => {
  it('keeps every one of many overlapping enquiries while other writes go on (no SQLITE_BUSY)', async () => {
    const db = await openSqlite(`file:${path.join(work, 'site.db')}`)
    const outbox = createOutbox({ database: async () => db, fileDir: path.join(work, 'outbox') })
    const count = 60
    // Each enqueue is a transaction with a statement per file; the plain writes and reads land between them.
    const results = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const [id] = await Promise.all([
          outbox.enqueue(
            {
              kind: 'form',
              target: '1',
              locale: 'en',
              idempotencyKey: `key-${index}-0123456789`,
              payload: {
                entries: [
                  ['input_1', `message ${index}`],
                  ['input_2', new File([pdf], 'a.pdf', { type: 'application/pdf' }), 'a.pdf'],
                  ['input_3', new File([pdf], 'b.pdf', { type: 'application/pdf' }), 'b.pdf'],
                ],
                visitorIp: null,
                sourceUrl: 'https://example.test/contact',
              },
            },
            'unavailable',
          ),
          db.execute({ sql: 'UPDATE outbox SET last_error = ? WHERE id = ?', args: ['touched', index] }),
          outbox.list(),
        ])
        return id
      }),
    )
    expect(results.filter((id) => id === null)).toEqual([])
    expect(new Set(results).size).toBe(count)
    const stored = await db.execute('SELECT count(*) AS rows, (SELECT count(*) FROM outbox_files) AS files FROM outbox')
    expect(stored.rows[0]).toMatchObject({ rows: count, files: 2 * count })
    await db.close()
  })

  it('gives a failed transaction back, and the next one runs', async () => {
    const db = await openSqlite(`file:${path.join(work, 'rollback.db')}`)
    await db.execute('CREATE TABLE t (n INTEGER NOT NULL)')
    await expect(
      db.transaction(async (tx) => {
        await tx.execute({ sql: 'INSERT INTO t (n) VALUES (?)', args: [1] })
        throw new Error('the work failed')
      }),
    ).rejects.toThrow('the work failed')
    await db.transaction((tx) => tx.execute({ sql: 'INSERT INTO t (n) VALUES (?)', args: [2] }))
    expect((await db.execute('SELECT n FROM t')).rows).toEqual([{ n: 2 }])
    await db.close()
  })
})
