/**
 * The embedded CMS, assembled: the content store over content/ and the contract's
 * fetch handler. The database opens lazily, on the first call that needs it. The
 * options come from the caller (cmsOptionsFromEnv in options.ts); nothing here reads
 * the environment.
 */
import path from 'node:path'
import type { Client } from '@libsql/client'
import { cmsConfig } from './config'
import { createMemoryStore, createSqlStore, isSharedDatabaseUrl } from '../app/lib/rate-limit'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createMailer } from './mail'
import type { EmbeddedCmsOptions } from './options'
import { createSearchIndex } from './search'
import { watchContent } from './watch'

export { cmsOptionsFromEnv, type EmbeddedCmsOptions } from './options'

export interface EmbeddedCms {
  fetch: (request: Request) => Promise<Response>
  database: () => Promise<Client>
  reload: () => void
  /** Reloads the content when a file in the content folder changes, then tells `onChange` the cache tags it touches. */
  watch: (onChange: (tags: string[]) => void) => () => void
}

export function createEmbeddedCms(options: EmbeddedCmsOptions): EmbeddedCms {
  const store = createContentStore(path.resolve(options.contentDir), options.locales, options.defaultLocale)
  let db: Promise<Client> | undefined
  const database = () => (db ??= openDatabase(options.databaseUrl))
  const search = createSearchIndex(database, store, options.defaultLocale)
  const reload = () => {
    store.reload()
    search.invalidate()
  }
  const mailer = createMailer({ smtpUrl: options.smtpUrl, from: options.mailFrom, logToConsole: options.printMail })
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
      redirectsFile: path.resolve(options.contentDir, 'redirects.json'),
      // Several processes over one database server count together; a file or memory database is this process's alone.
      limiter: isSharedDatabaseUrl(options.databaseUrl)
        ? createSqlStore({ execute: async (statement) => (await database()).execute(statement) })
        : createMemoryStore(cmsConfig.limiterKeys),
    }),
    database,
    reload,
    watch: (onChange) =>
      watchContent(options.contentDir, (tags) => {
        reload()
        onChange(tags)
      }),
  }
}
