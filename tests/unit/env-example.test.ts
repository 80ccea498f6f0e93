import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema } from '../../app/config/env'

/** `.env.example`: `NAME=default` for variables with a default, `# NAME=` for those unset by default. */
const lines = readFileSync('.env.example', 'utf8').split('\n')
const listed = new Map<string, string | undefined>()
for (const line of lines) {
  const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
  if (match?.[2]) listed.set(match[2], match[1] ? undefined : match[3])
}
const schemaKeys = Object.keys(envSchema().shape).sort()

describe('.env.example', () => {
  it('lists every variable of envSchema in app/config/env.ts, and no other', () => {
    expect([...listed.keys()].sort()).toEqual(schemaKeys)
  })

  it('lists each variable once, after a line saying what it means', () => {
    for (const key of schemaKeys) {
      const at = lines.findIndex((line) => new RegExp(`^(#\\s*)?${key}=`).test(line))
      expect(
        lines.filter((line) => new RegExp(`^(#\\s*)?${key}=`).test(line)),
        key,
      ).toHaveLength(1)
      const before = lines.slice(0, at).reverse()
      const comment = before.find((line) => !/^(#\s*)?[A-Z][A-Z0-9_]*=/.test(line))
      expect(comment?.startsWith('# '), `${key} has a comment above it`).toBe(true)
    }
  })

  it('shows the schema default of each variable (unset ones commented out)', () => {
    for (const key of schemaKeys) {
      const parsed = envSchema().shape[key as keyof ReturnType<typeof envSchema>['shape']].safeParse(undefined)
      const fallback = parsed.success && parsed.data !== undefined ? String(parsed.data) : undefined
      expect(listed.get(key), key).toBe(fallback)
    }
  })
})
