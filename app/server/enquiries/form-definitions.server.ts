/**
 * Form definitions kept like pages (requirements §11.2, stale-if-error): the server validates a
 * submission against the definition the backend has now (the browser's copy is never
 * trusted), and when the backend cannot answer, against the last good copy, read within
 * siteConfig.cache.keepMs. So while the backend is down a submission is still checked,
 * then kept in the outbox. The copies live in memory and in the site's database, so a
 * restart during an outage keeps them too.
 */
import type { SiteDatabase } from '../db/sql.server'
import { type Locale, siteConfig } from '../../config/site'
import { outboxConfig } from '../config.server'
import { pageNameSchema } from '../../contract/queries'
import type { FormDefinition } from '../../contract/forms/values'
import { pageNameForPath, stripLocale } from '../../lib/url'
import { ContentNotFoundError, type ContentSource } from '../content/content-source.server'

export type FormSource = { kind: 'page'; path: string } | { kind: 'popup'; id: string }

/** A page's form is looked up by the page's name (a slug path, checked before any backend call). */
type CheckedSource = { kind: 'page'; pageName: string } | { kind: 'popup'; id: string }

export interface LoadedDefinition {
  definition: FormDefinition
  /** The site's public origin, as the page's options name it (null for a popup's form). */
  siteUrl: string | null
}

export interface FormDefinitionOptions {
  content: () => ContentSource
  database: () => Promise<SiteDatabase>
  now?: () => number
  onError?: (error: unknown) => void
}

interface Kept {
  json: string
  siteUrl: string | null
  storedAt: number
}

export function createFormDefinitions(options: FormDefinitionOptions) {
  const now = options.now ?? Date.now
  const memory = new Map<string, Kept>()

  /** Reads the definition from the backend: null when the page or popup has no such form; throws when the backend cannot answer. */
  async function fromBackend(locale: Locale, source: CheckedSource, formId: string): Promise<LoadedDefinition | null> {
    const content = options.content()
    if (source.kind === 'popup') {
      const definition = (await content.getPopup(source.id, locale)).forms[formId] ?? null
      return definition && { definition, siteUrl: null }
    }
    const data = await content.getPage({ locale, pageName: source.pageName })
    const definition = data.page.kind === 'page' ? (data.page.forms[formId] ?? null) : null
    return definition && { definition, siteUrl: data.options.siteUrl }
  }

  async function keep(key: string, loaded: LoadedDefinition) {
    const json = JSON.stringify(loaded.definition)
    const time = now()
    const known = memory.get(key)
    memory.delete(key)
    memory.set(key, { json, siteUrl: loaded.siteUrl, storedAt: time })
    while (memory.size > outboxConfig.maxDefinitions) {
      const oldest = memory.keys().next().value
      if (oldest === undefined) break
      memory.delete(oldest)
    }
    // The database is written when the definition changed or its copy is no longer fresh, not on every submission.
    if (known && known.json === json && time - known.storedAt < siteConfig.cache.freshMs) return
    const db = await options.database()
    await db.execute({
      sql: `INSERT INTO form_definitions (cache_key, definition_json, site_url, stored_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (cache_key) DO UPDATE SET definition_json = excluded.definition_json, site_url = excluded.site_url, stored_at = excluded.stored_at`,
      args: [key, json, loaded.siteUrl, time],
    })
  }

  async function forget(key: string) {
    memory.delete(key)
    const db = await options.database()
    await db.execute({ sql: 'DELETE FROM form_definitions WHERE cache_key = ?', args: [key] })
  }

  async function kept(key: string): Promise<LoadedDefinition | null> {
    const oldest = now() - siteConfig.cache.keepMs
    let copy: Kept | undefined = memory.get(key)
    if (!copy) {
      const db = await options.database()
      const row = (
        await db.execute({ sql: 'SELECT definition_json, site_url, stored_at FROM form_definitions WHERE cache_key = ?', args: [key] })
      ).rows[0]
      copy = row
        ? {
            json: String(row.definition_json),
            siteUrl: row.site_url === null ? null : String(row.site_url),
            storedAt: Number(row.stored_at),
          }
        : undefined
    }
    if (!copy || copy.storedAt < oldest) return null
    return { definition: JSON.parse(copy.json) as FormDefinition, siteUrl: copy.siteUrl }
  }

  const report = (error: unknown) => options.onError?.(error)

  return {
    /** The form's definition, from the backend or (when it cannot answer) the last good copy; null when there is none. */
    async load(locale: Locale, source: FormSource, formId: string): Promise<LoadedDefinition | null> {
      let checked: CheckedSource
      if (source.kind === 'page') {
        const pageName = pageNameSchema.safeParse(pageNameForPath(stripLocale(source.path).path))
        if (!pageName.success) return null
        checked = { kind: 'page', pageName: pageName.data }
      } else checked = source
      const key = JSON.stringify([locale, checked.kind, checked.kind === 'page' ? checked.pageName : checked.id, formId])
      let loaded: LoadedDefinition | null
      try {
        loaded = await fromBackend(locale, checked, formId)
      } catch (error) {
        // A page that is gone takes its form with it; any other failure is an outage.
        if (error instanceof ContentNotFoundError) {
          await forget(key).catch(report)
          return null
        }
        return kept(key).catch((failure: unknown) => {
          report(failure)
          return null
        })
      }
      if (loaded) await keep(key, loaded).catch(report)
      else await forget(key).catch(report)
      return loaded
    },
  }
}
