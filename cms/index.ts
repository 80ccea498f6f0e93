/**
 * The embedded CMS, assembled: the content store over content/ and the contract's
 * fetch handler. The database opens lazily, on the first write (later issues).
 */
import path from 'node:path'
import type { Client } from '@libsql/client'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createSearchIndex } from './search'

export interface EmbeddedCmsOptions {
  contentDir: string
  databaseUrl: string
  locales: readonly string[]
  defaultLocale: string
  previewSecret?: string
}

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
  return {
    fetch: createCmsHandler({ store, defaultLocale: options.defaultLocale, previewSecret: options.previewSecret, search, database }),
    database,
    reload: () => {
      store.reload()
      search.invalidate()
    },
  }
}
