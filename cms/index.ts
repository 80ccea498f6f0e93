/**
 * The embedded CMS, assembled: the content store over content/ and the contract's
 * fetch handler. The database opens lazily, on the first call that needs it. The
 * options come from the caller (cmsOptionsFromEnv in options.ts); nothing here reads
 * the environment.
 */
import path from 'node:path'
import type { Client } from '@libsql/client'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createMailer } from './mail'
import type { EmbeddedCmsOptions } from './options'
import { createSearchIndex } from './search'

export { cmsOptionsFromEnv, type EmbeddedCmsOptions } from './options'

export interface EmbeddedCms {
  fetch: (request: Request) => Promise<Response>
  database: () => Promise<Client>
  reload: () => void
}

export function createEmbeddedCms(options: EmbeddedCmsOptions): EmbeddedCms {
  const store = createContentStore(path.resolve(options.contentDir), options.locales, options.defaultLocale)
  let db: Promise<Client> | undefined
  const database = () => (db ??= openDatabase(options.databaseUrl))
  const search = createSearchIndex(database, store, options.defaultLocale)
  const mailer = createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, logToConsole: !options.production })
  return {
    fetch: createCmsHandler({
      store,
      defaultLocale: options.defaultLocale,
      adminUrl: options.adminUrl,
      previewSecret: options.previewSecret,
      search,
      database,
      uploadDir: path.resolve(options.uploadDir),
      mailer,
      siteOrigins: options.siteUrl ? [options.siteUrl] : [],
    }),
    database,
    reload: () => {
      store.reload()
      search.invalidate()
    },
  }
}
