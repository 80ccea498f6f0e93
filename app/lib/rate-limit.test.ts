import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { afterAll, describe, expect, it } from 'vitest'
import { createMemoryStore, createSqlStore, isSharedDatabaseUrl, type RateLimitStore } from './rate-limit'

const work = mkdtempSync(path.join(tmpdir(), 'rate-limit-'))
const client = createClient({ url: `file:${path.join(work, 'limits.db')}` })
afterAll(() => {
  client.close()
  rmSync(work, { recursive: true, force: true })
})

let time = 1_000_000
const now = () => time

const stores: Array<[string, () => RateLimitStore]> = [
  ['memory', () => createMemoryStore(100, now)],
  ['sql', () => createSqlStore(client, now)],
]

describe.each(stores)('the %s store', (name, make) => {
  it('allows `count` per window, refuses the next with the seconds until the window ends, then allows again', async () => {
    const store = make()
    const limit = { count: 3, windowMs: 60_000 }
    const key = `${name}:a`
    for (let i = 0; i < 3; i++) expect(await store.take(key, limit)).toEqual({ allowed: true })
    time += 15_000
    expect(await store.take(key, limit)).toEqual({ allowed: false, retryAfterSeconds: 45 })
    // Another key has its own window.
    expect(await store.take(`${name}:b`, limit)).toEqual({ allowed: true })
    time += 45_000
    expect(await store.take(key, limit)).toEqual({ allowed: true })
  })

  it('counts a cost (a byte quota), and a refused attempt uses none of it', async () => {
    const store = make()
    const quota = { count: 1000, windowMs: 60_000 }
    const key = `${name}:bytes`
    expect((await store.take(key, quota, 700)).allowed).toBe(true)
    expect((await store.take(key, quota, 400)).allowed).toBe(false)
    expect((await store.take(key, quota, 300)).allowed).toBe(true)
    expect((await store.take(key, quota, 1)).allowed).toBe(false)
    // More than the whole quota at once never passes, even in a new window.
    time += 60_000
    expect((await store.take(key, quota, 1001)).allowed).toBe(false)
    expect((await store.take(key, quota, 1000)).allowed).toBe(true)
  })
})

describe('the shared store', () => {
  it('is one count for every process on the same database', async () => {
    const limit = { count: 2, windowMs: 60_000 }
    const first = createSqlStore(client, now)
    const second = createSqlStore(createClient({ url: `file:${path.join(work, 'limits.db')}` }), now)
    expect((await first.take('shared', limit)).allowed).toBe(true)
    expect((await second.take('shared', limit)).allowed).toBe(true)
    expect((await first.take('shared', limit)).allowed).toBe(false)
    expect((await second.take('shared', limit)).allowed).toBe(false)
  })

  it('is used for a database server, not a file or memory', () => {
    expect(isSharedDatabaseUrl('libsql://db.example.turso.io')).toBe(true)
    expect(isSharedDatabaseUrl('https://db.example.com')).toBe(true)
    expect(isSharedDatabaseUrl('file:data/cms.db')).toBe(false)
    expect(isSharedDatabaseUrl(':memory:')).toBe(false)
  })
})

describe('the memory store', () => {
  it('stays bounded by forgetting the oldest windows', async () => {
    const store = createMemoryStore(3, now)
    const limit = { count: 1, windowMs: 60_000 }
    for (const key of ['k1', 'k2', 'k3', 'k4']) await store.take(key, limit)
    // k1 was forgotten to make room, so it starts afresh; k4 is still counted.
    expect((await store.take('k1', limit)).allowed).toBe(true)
    expect((await store.take('k4', limit)).allowed).toBe(false)
  })
})
