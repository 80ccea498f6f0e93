import { describe, expect, it } from 'vitest'
import { requestIdFrom } from './request-id.server'

describe('requestIdFrom', () => {
  it('keeps a proxy id that looks like one, and replaces one that does not', () => {
    expect(requestIdFrom('proxy-id_1.2')).toBe('proxy-id_1.2')
    for (const unsafe of ['', 'has space', 'a"quote', 'x'.repeat(65), null, undefined]) {
      expect(requestIdFrom(unsafe)).toMatch(/^[0-9a-f]{12}$/)
    }
  })

  it('makes a different id every time, across the pool it cuts them from', () => {
    // 2 000 ids take the pool of 512 ids through several refills.
    const ids = Array.from({ length: 2000 }, () => requestIdFrom(undefined))
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
