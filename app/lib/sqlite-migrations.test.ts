import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, describe, expect, it } from 'vitest'
import { runMigrations, type Migration } from './sqlite-migrations.server'

const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const migrations: Migration[] = [
  { id: 1, name: 'notes', sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);' },
  { id: 2, name: 'tags', sql: 'CREATE TABLE tags (name TEXT PRIMARY KEY); CREATE INDEX notes_body ON notes (body);' },
]

describe('runMigrations', () => {
  it('applies each migration once, in order, and nothing on a second run', async () => {
    const client = createClient({ url: `file:${dir}/once.db` })
    expect(await runMigrations(client, migrations)).toEqual([1, 2])
    expect(await runMigrations(client, migrations)).toEqual([])
    const rows = await client.execute('SELECT id, name FROM schema_migrations ORDER BY id')
    expect(rows.rows.map((row) => [Number(row.id), row.name])).toEqual([
      [1, 'notes'],
      [2, 'tags'],
    ])
    client.close()
  })

  it('lets another process migrate the same file first: no error, each migration recorded once', async () => {
    // Another server starting at the same moment: it holds the write lock while applying
    // migration 1 and commits a little later. We read "nothing applied", wait on its lock,
    // then find the table there; its migration is the one that stands. (A separate process:
    // libSQL's calls are synchronous, so a second client in this one could not commit.)
    const url = `file:${dir}/race.db`
    const setup = createClient({ url })
    await setup.execute(
      `CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
    )
    setup.close()
    const first = migrations[0]!
    const other = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createClient } from '@libsql/client'
         const client = createClient({ url: ${JSON.stringify(url)} })
         const tx = await client.transaction('write')
         await tx.executeMultiple(${JSON.stringify(first.sql)})
         await tx.execute({ sql: 'INSERT INTO schema_migrations (id, name) VALUES (?, ?)', args: [${first.id}, ${JSON.stringify(first.name)}] })
         process.stdout.write('locked\\n')
         await new Promise((done) => setTimeout(done, 800))
         await tx.commit()`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve) => other.stdout.once('data', () => resolve()))

    const client = createClient({ url })
    await client.execute('PRAGMA busy_timeout = 5000')
    expect(await runMigrations(client, migrations)).toEqual([2])
    const rows = await client.execute('SELECT id FROM schema_migrations ORDER BY id')
    expect(rows.rows.map((row) => Number(row.id))).toEqual([1, 2])
    client.close()
    await new Promise((resolve) => other.once('exit', resolve))
  })

  it('rolls a failing migration back whole and reports its error', async () => {
    const client = createClient({ url: `file:${dir}/broken.db` })
    const broken: Migration[] = [
      migrations[0]!,
      { id: 2, name: 'half', sql: 'CREATE TABLE half (id INTEGER); INSERT INTO missing VALUES (1);' },
    ]
    await expect(runMigrations(client, broken)).rejects.toThrow(/missing/)
    const tables = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'half'")
    expect(tables.rows).toHaveLength(0)
    const recorded = await client.execute('SELECT id FROM schema_migrations')
    expect(recorded.rows.map((row) => Number(row.id))).toEqual([1])
    client.close()
  })
})
