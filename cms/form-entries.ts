/**
 * Storing a valid entry (cms/forms.ts): the entry in form_entries, its files on disk under
 * a random name with a row each in entry_files, in one write transaction with the
 * Idempotency-Key's answer (cms/idempotency.ts); nothing is left on disk when it fails.
 * The upload quota is counted from the same rows.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Client } from '@libsql/client'
import { fieldKindOf, holdsValue } from '../app/contract/forms/fields'
import { mimeTypeOf } from '../app/contract/forms/file-type'
import { fileKindOfContent } from '../app/contract/forms/file-type.server'
import type { FormFile } from './content-store'
import { Upload, type Value } from './form-values'
import { keepAnswer } from './idempotency'

type Field = FormFile['fields'][number]

interface StoredFile {
  fieldId: string
  fileName: string
  mimeType: string
  size: number
  storedName: string
}

export interface SubmissionDeps {
  database: () => Promise<Client>
  /** Where uploaded files are written (CMS_UPLOAD_DIR). */
  uploadDir: string
  /** The request's Idempotency-Key: the entry and its answer are kept together, once per key (cms/idempotency.ts). */
  idempotencyKey?: string | null
  /** All stored uploads together may take at most this many bytes. */
  maxUploadBytes: number
}

/**
 * Whether these new files still fit the upload storage quota, counted from entry_files
 * (the files on disk are exactly its rows). Two submissions at once may together pass it
 * by at most one submission's files.
 */
export async function fitsUploadQuota(deps: SubmissionDeps, values: Map<string, Value>): Promise<boolean> {
  let adding = 0
  for (const value of values.values()) if (value instanceof Upload) adding += value.file.size
  if (adding === 0) return true
  const db = await deps.database()
  const used = Number((await db.execute('SELECT COALESCE(SUM(size_bytes), 0) AS used FROM entry_files')).rows[0]?.used ?? 0)
  return used + adding <= deps.maxUploadBytes
}

/** The scope an entry's Idempotency-Key is kept in: one per form. */
export const scopeOf = (form: FormFile) => `form:${String(form.id)}`

/** The client's file name without folders or control characters, for display only. */
function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? ''
  const clean = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-150)
  return clean === '' ? 'upload' : clean
}

/** Whatever is stored for a value: text as is, a file by its row in entry_files, passwords never. */
function storedValue(field: Field, value: Value, files: StoredFile[]): unknown {
  if (fieldKindOf(field) === 'password') return null
  if (value instanceof Upload) {
    const stored = files.find((file) => file.fieldId === String(field.id))
    return stored ? { file_name: stored.fileName, mime_type: stored.mimeType, size_bytes: stored.size } : null
  }
  return value
}

export async function storeEntry(
  deps: SubmissionDeps,
  form: FormFile,
  locale: string,
  sourceUrl: string | null,
  values: Map<string, Value>,
  answer: string,
): Promise<number> {
  const files: StoredFile[] = []
  const written: string[] = []
  try {
    for (const field of form.fields) {
      const value = values.get(String(field.id)) ?? null
      if (!(value instanceof Upload)) continue
      const bytes = new Uint8Array(await value.file.arrayBuffer())
      const kind = fileKindOfContent(bytes)
      if (!kind) throw new Error(`field ${String(field.id)}: the file was not validated`)
      await mkdir(deps.uploadDir, { recursive: true })
      // Never the client's name: a random one, with the extension of what the bytes are.
      const storedName = `${randomBytes(16).toString('hex')}.${kind}`
      const target = path.join(deps.uploadDir, storedName)
      await writeFile(target, bytes, { flag: 'wx', mode: 0o640 })
      written.push(target)
      files.push({
        fieldId: String(field.id),
        fileName: sanitizeFileName(value.file.name),
        mimeType: mimeTypeOf[kind],
        size: value.file.size,
        storedName,
      })
    }
    const record: Record<string, unknown> = {}
    const hidden: string[] = []
    for (const field of form.fields) {
      const kind = fieldKindOf(field)
      if (!holdsValue(kind)) continue
      const value = values.get(String(field.id)) ?? null
      record[String(field.id)] = storedValue(field, value, files)
      if (kind === 'hidden' && typeof value === 'string' && value !== '') hidden.push(value)
    }
    const db = await deps.database()
    // One write transaction: the entry and its files' rows are stored together or not at all.
    // Inside it the newest entry id is this entry's (AUTOINCREMENT ids only grow).
    const results = await db.batch(
      [
        {
          sql: 'INSERT INTO form_entries (form_id, locale, values_json, hidden_value, source_url) VALUES (?, ?, ?, ?, ?) RETURNING id',
          args: [String(form.id), locale, JSON.stringify(record), hidden.length > 0 ? hidden.join('\n') : null, sourceUrl],
        },
        ...files.map((file) => ({
          sql: 'INSERT INTO entry_files (entry_id, field_id, file_name, mime_type, size_bytes, stored_path) VALUES ((SELECT max(id) FROM form_entries), ?, ?, ?, ?, ?)',
          args: [file.fieldId, file.fileName, file.mimeType, file.size, file.storedName],
        })),
        // A key already kept fails this statement, and with it the whole entry.
        ...(deps.idempotencyKey ? [keepAnswer(scopeOf(form), deps.idempotencyKey, 200, answer)] : []),
      ],
      'write',
    )
    return Number(results[0]?.rows[0]?.id)
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true }).catch(() => undefined)))
    throw error
  }
}
