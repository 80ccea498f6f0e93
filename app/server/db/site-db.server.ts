/**
 * The site's own database: not the CMS's, since the site may run against WordPress. It
 * holds what the site must not lose while the backend is down: the outbox of submissions
 * with their attachments, the answers given per idempotency key, and the last good form
 * definitions. With DATABASE_URL (PostgreSQL) several server processes share it, and it
 * also holds the rate limits and the purge log (docs/decisions/032-postgres-for-several-servers.md);
 * without it, an SQLite file (SITE_DATABASE_URL, default `file:data/site.db`) for one
 * process, with no setup. Opened and migrated on first use; a failed open is tried again
 * on the next call.
 */
import { env } from '../env.server'
import { openPostgres, type PostgresDatabase } from './postgres.server'
import { isPostgresUrl, type SiteDatabase } from './sql.server'
import { openSqlite } from './sqlite.server'

/** Opens and migrates a site database by its URL: `postgres://…` or a libSQL URL (`file:…`). */
export function openSiteDatabase(url: string): Promise<SiteDatabase> {
  return isPostgresUrl(url) ? openPostgres(url) : openSqlite(url)
}

let opened: Promise<SiteDatabase> | undefined

/** This process's site database: DATABASE_URL when set, else SITE_DATABASE_URL. */
export function siteDatabase(): Promise<SiteDatabase> {
  if (!opened) {
    const attempt = openSiteDatabase(env.DATABASE_URL ?? env.SITE_DATABASE_URL)
    opened = attempt
    attempt.catch(() => {
      if (opened === attempt) opened = undefined
    })
  }
  return opened
}

/** The shared PostgreSQL database when DATABASE_URL names one, else null (one process: nothing to share). */
export async function sharedDatabase(): Promise<PostgresDatabase | null> {
  if (!isPostgresUrl(env.DATABASE_URL)) return null
  return (await siteDatabase()) as PostgresDatabase
}

/** Whether several processes may share this site's state (DATABASE_URL is set). */
export const sharesState = (): boolean => isPostgresUrl(env.DATABASE_URL)

/** Closes this process's database (graceful shutdown): its pool's connections would keep the process alive. */
export async function closeSiteDatabase(): Promise<void> {
  const open = opened
  opened = undefined
  if (open) await (await open.catch(() => null))?.close()
}

/** Whether the database answers now (`GET /readyz`). */
export async function siteDatabaseAnswers(): Promise<boolean> {
  try {
    await (await siteDatabase()).execute('SELECT 1')
    return true
  } catch {
    return false
  }
}
