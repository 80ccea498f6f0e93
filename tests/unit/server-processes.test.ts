/**
 * How many server processes `npm start` runs (scripts/server-processes.mjs), and that the
 * launcher's rule for WEB_CONCURRENCY is the environment schema's (app/config/env.ts): the
 * launcher checks it before anything is compiled, the server again when it starts.
 */
import { describe, expect, it } from 'vitest'
import { envSchema } from '../../app/config/env'
import { serverProcesses } from '../../scripts/server-processes.mjs'

describe('serverProcesses', () => {
  it('runs WEB_CONCURRENCY processes when it is set, whatever the database', () => {
    expect(serverProcesses({ WEB_CONCURRENCY: '3' }, 8)).toEqual({ count: 3, why: 'WEB_CONCURRENCY' })
    expect(serverProcesses({ WEB_CONCURRENCY: ' 1 ', DATABASE_URL: 'postgres://db/site' }, 8)).toMatchObject({ count: 1 })
    expect(serverProcesses({ WEB_CONCURRENCY: '64' }, 2)).toMatchObject({ count: 64 })
  })

  it('runs one per core with a shared database, else one', () => {
    expect(serverProcesses({ DATABASE_URL: 'postgres://db/site' }, 4)).toMatchObject({ count: 4 })
    expect(serverProcesses({ DATABASE_URL: 'postgres://db/site' }, 200)).toMatchObject({ count: 64 })
    expect(serverProcesses({}, 4)).toMatchObject({ count: 1 })
    expect(serverProcesses({ WEB_CONCURRENCY: '', DATABASE_URL: '' }, 4)).toMatchObject({ count: 1 })
  })

  it('refuses anything but a whole number from 1 to 64, naming the variable and the value', () => {
    for (const bad of ['0', '65', '-1', '1.5', 'two', '2x', '1e1']) {
      const plan = serverProcesses({ WEB_CONCURRENCY: bad }, 4)
      expect(plan, bad).toEqual({ error: `WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "${bad}")` })
    }
  })

  it('accepts and refuses exactly what the environment schema does', () => {
    const schema = envSchema().shape.WEB_CONCURRENCY
    for (const value of ['', ' ', '1', '2', '16', '64', '0', '65', '-1', '1.5', 'two', '2x', '1e1', '007', ' 3 ']) {
      const launcher = serverProcesses({ WEB_CONCURRENCY: value }, 4)
      const parsed = schema.safeParse(value)
      // Unset (empty) is one process here, without DATABASE_URL.
      expect('error' in launcher ? 'refused' : launcher.count, `"${value}"`).toBe(parsed.success ? (parsed.data ?? 1) : 'refused')
    }
  })
})
