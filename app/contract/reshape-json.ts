/**
 * Section data and other open JSON from the backend, reduced to plain JSON with its HTML
 * sanitized and its text decoded (the rule of docs/content-api.md, Sections).
 */
import { toAppHref } from '../lib/url'
import type { Json, JsonObject } from './model'
import { decodeText, sanitizeCmsHtml } from './sanitize'

/**
 * Section data is the block's own (validated by its schema in app/sections), but its
 * HTML must be clean and its text decoded before it leaves the server. Contract, at any
 * depth: a string field whose key ends in `html` carries HTML and is sanitized; a URL is
 * kept only with a scheme the site links to (else emptied); an id, a layout or a class is
 * kept as given (the block checks it); every other string is plain text and decoded
 * once (`decodeText`).
 */
export function sanitizeSectionData(data: Record<string, unknown>): JsonObject {
  return toJsonObject(data, (key, value) => {
    if (/html$/i.test(key)) return sanitizeCmsHtml(value)
    // A URL the site would not link to (javascript:, data:text/html…) is emptied; the block shows no link or image.
    if (/(^|_)(url|href|src|srcset)$/i.test(key)) return value.trim() === '' || toAppHref(value, []) ? value : ''
    if (/(^|_)(id|layout|class|classname)$/i.test(key)) return value
    return decodeText(value)
  })
}

/**
 * Reduces parsed-but-open data to plain JSON (no prototypes, bounded depth and size),
 * passing every string through `text(key, value)`.
 */
export function toJsonObject(
  data: Record<string, unknown>,
  text: (key: string, value: string) => string = (_key, value) => value,
): JsonObject {
  const visit = (value: unknown, key: string, depth: number): Json => {
    if (depth > 12) return null
    if (typeof value === 'string') return text(key, value)
    if (typeof value === 'number') return Number.isFinite(value) ? value : null
    if (typeof value === 'boolean' || value === null) return value
    if (Array.isArray(value)) return value.slice(0, 1000).map((item) => visit(item, key, depth + 1))
    if (typeof value === 'object') return object(value, depth + 1)
    return null
  }
  const object = (value: object, depth: number): JsonObject => {
    const result: JsonObject = {}
    for (const [key, entry] of Object.entries(value).slice(0, 500)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue
      result[key] = visit(entry, key, depth)
    }
    return result
  }
  return object(data, 0)
}
