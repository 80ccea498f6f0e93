/**
 * The embedded CMS's handler over the form fixtures (`tests/fixtures/cms-forms`), with a
 * database and an upload folder of its own in a scratch folder, as the CMS's unit tests
 * use it. `captureMail` replaces the mailer by one that keeps what it is asked to send.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createContentStore } from '../../cms/content-store'
import { openDatabase } from '../../cms/db'
import { createCmsHandler, type CmsOptions } from '../../cms/handler'
import type { OutgoingMail } from '../../cms/mail'
import { createSearchIndex } from '../../cms/search'

export function fixtureCms(name: string, options: Partial<CmsOptions> & { captureMail?: boolean } = {}) {
  const { captureMail = false, ...overrides } = options
  const scratch = mkdtempSync(path.join(tmpdir(), `${name}-`))
  const uploadDir = path.join(scratch, 'uploads')
  const store = createContentStore(path.resolve('tests/fixtures/cms-forms'), ['en', 'de'])
  const database = openDatabase(`file:${path.join(scratch, 'cms.db')}`)
  const sent: OutgoingMail[] = []
  const base: CmsOptions = {
    store,
    defaultLocale: 'en',
    search: createSearchIndex(() => database, store, 'en'),
    database: () => database,
    uploadDir,
    ...(captureMail
      ? {
          mailer: {
            async send(mail: OutgoingMail) {
              sent.push(mail)
              return { delivered: true }
            },
          },
        }
      : {}),
  }
  return {
    store,
    database,
    uploadDir,
    /** Mail the CMS sent, with `captureMail`. */
    sent,
    /** Options for a second handler over the same store and database. */
    options: base,
    handle: createCmsHandler({ ...base, ...overrides }),
    async close() {
      ;(await database).close()
      rmSync(scratch, { recursive: true, force: true })
    },
  }
}
