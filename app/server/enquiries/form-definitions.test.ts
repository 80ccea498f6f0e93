import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SiteDatabase } from '../db/sql.server'
import { afterAll, describe, expect, it } from 'vitest'
import { siteConfig } from '../../config/site'
import { createEmbeddedCms } from '../../../cms/index'
import { takeConsoleOutput } from '../../../tests/setup/fail-on-console'
import { createWpSource } from '../content/backend-source.server'
import { createFormDefinitions } from './form-definitions.server'
import { openSiteDatabase } from '../db/site-db.server'

const scratch = mkdtempSync(path.join(tmpdir(), 'site-definitions-'))
const cms = createEmbeddedCms({
  contentDir: 'tests/fixtures/cms-forms',
  databaseUrl: `file:${path.join(scratch, 'cms.db')}`,
  locales: ['en', 'de'],
  defaultLocale: 'en',
  previewSecret: undefined,
  uploadDir: path.join(scratch, 'uploads'),
  smtpUrl: undefined,
  mailFrom: 'test <test@localhost>',
  siteUrl: undefined,
  printMail: false,
  adminUrl: 'http://localhost/wp-admin',
})
/** The embedded CMS over the `wp` adapter, as the site runs it; `down` makes every call fail as a dropped connection does. */
const backend = { down: false }
const source = createWpSource({
  baseUrl: 'http://cms.test',
  timeoutMs: 2000,
  fetch: (input, init) => (backend.down ? Promise.reject(new TypeError('fetch failed')) : cms.fetch(new Request(input, init))),
})
const databases: Array<Promise<SiteDatabase>> = []
const siteDatabase = () => {
  const opened = openSiteDatabase(`file:${path.join(scratch, 'site.db')}`)
  databases.push(opened)
  return opened
}

afterAll(async () => {
  for (const database of databases) await (await database).close()
  ;(await cms.database()).close()
  rmSync(scratch, { recursive: true, force: true })
})

describe('form definitions kept like pages (stale-if-error)', () => {
  it('validates against the last good copy while the backend is down, across a restart, within keepMs', async () => {
    let now = 1_000_000
    const database = siteDatabase()
    const first = createFormDefinitions({ content: () => source, database: () => database, now: () => now })
    backend.down = false
    const fresh = await first.load('en', { kind: 'page', path: '/contact' }, '1')
    expect(fresh?.definition.id).toBe('1')

    backend.down = true
    // The same process, and a new one (a restart: nothing in memory) on the same database.
    expect((await first.load('en', { kind: 'page', path: '/contact' }, '1'))?.definition).toEqual(fresh?.definition)
    const restartedDb = siteDatabase()
    const restarted = createFormDefinitions({ content: () => source, database: () => restartedDb, now: () => now })
    expect((await restarted.load('en', { kind: 'page', path: '/contact' }, '1'))?.definition).toEqual(fresh?.definition)
    // A form the page never had is not invented.
    expect(await restarted.load('en', { kind: 'page', path: '/contact' }, '99')).toBeNull()

    now += siteConfig.cache.keepMs + 1
    expect(await restarted.load('en', { kind: 'page', path: '/contact' }, '1')).toBeNull()
    backend.down = false
  })

  it('forgets a form whose page is gone, and never asks the backend for a path that is not a page name', async () => {
    const database = siteDatabase()
    const definitions = createFormDefinitions({ content: () => source, database: () => database })
    expect(await definitions.load('en', { kind: 'page', path: '/no-such-page' }, '1')).toBeNull()
    expect(await definitions.load('en', { kind: 'page', path: '/%2e%2e/api/v1/posts' }, '1')).toBeNull()
    expect(takeConsoleOutput()).toEqual([])
  })
})
