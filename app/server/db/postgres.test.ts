import { describe, expect, it } from 'vitest'
import { numberedPlaceholders } from './postgres.server'

describe('numberedPlaceholders', () => {
  it('numbers ? in order and keeps ?N as $N', () => {
    expect(numberedPlaceholders('SELECT * FROM t WHERE a = ? AND b > ? LIMIT ?')).toBe('SELECT * FROM t WHERE a = $1 AND b > $2 LIMIT $3')
    expect(numberedPlaceholders('VALUES (?1, ?2 + ?12, ?1)')).toBe('VALUES ($1, $2 + $12, $1)')
  })

  it('leaves a ? inside quoted text alone', () => {
    expect(numberedPlaceholders(`SELECT '?', "a?b", x FROM t WHERE y = ?`)).toBe(`SELECT '?', "a?b", x FROM t WHERE y = $1`)
  })
})
