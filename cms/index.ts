/**
 * The embedded CMS, assembled: the content store over content/ and the contract's
 * fetch handler. The database opens lazily, on the first call that needs it.
 */
import path from 'node:path'
import type { Client } from '@libsql/client'
import { parseEnv, siteConfig } from '../app.config'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createMailer } from './mail'
import { createSearchIndex } from './search'

export interface EmbeddedCmsOptions {
  contentDir: string
  databaseUrl: string
  locales: readonly string[]
  defaultLocale: string
  previewSecret?: string
  /** The rest default to the validated environment (app.config.ts): CMS_UPLOAD_DIR, SMTP_URL, MAIL_FROM, SITE_URL, NODE_ENV. */
  uploadDir?: string
  smtpUrl?: string
  mailFrom?: string
  siteUrl?: string
  production?: boolean
}

export interface EmbeddedCms {
  fetch: (request: Request) => Promise<Response>
  database: () => Promise<Client>
  reload: () => void
}

export function createEmbeddedCms(options: EmbeddedCmsOptions): EmbeddedCms {
  const env = parseEnv()
  const store = createContentStore(path.resolve(options.contentDir), options.locales, options.defaultLocale)
  let db: Promise<Client> | undefined
  const database = () => (db ??= openDatabase(options.databaseUrl))
  const search = createSearchIndex(database, store, options.defaultLocale)
  const siteUrl = options.siteUrl ?? env.SITE_URL
  const mailer = createMailer({
    smtpUrl: options.smtpUrl ?? env.SMTP_URL,
    from: options.mailFrom ?? env.MAIL_FROM ?? `${siteConfig.productName} <no-reply@${siteUrl ? new URL(siteUrl).hostname : 'localhost'}>`,
    logToConsole: !(options.production ?? env.NODE_ENV === 'production'),
  })
  return {
    fetch: createCmsHandler({
      store,
      defaultLocale: options.defaultLocale,
      previewSecret: options.previewSecret,
      search,
      database,
      uploadDir: path.resolve(options.uploadDir ?? env.CMS_UPLOAD_DIR),
      mailer,
      siteOrigins: siteUrl ? [siteUrl] : [],
    }),
    database,
    reload: () => {
      store.reload()
      search.invalidate()
    },
  }
}
