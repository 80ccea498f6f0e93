import { afterEach, describe, expect, it, vi } from 'vitest'
import { recentValues } from './recent-values'

describe('recentValues', () => {
  afterEach(() => vi.useRealTimers())

  it('gives a value back until keepMs after it was set, then forgets it', () => {
    vi.useFakeTimers()
    const values = recentValues<string>(1000)
    values.set('a', 'first')
    vi.advanceTimersByTime(999)
    expect(values.get('a')).toBe('first')
    vi.advanceTimersByTime(1)
    expect(values.get('a')).toBeUndefined()
  })

  it('setting a value again starts its time again; other keys keep their own', () => {
    vi.useFakeTimers()
    const values = recentValues<number>(1000)
    values.set('a', 1)
    values.set('b', 2)
    vi.advanceTimersByTime(600)
    values.set('a', 3)
    vi.advanceTimersByTime(600)
    expect(values.get('a')).toBe(3)
    expect(values.get('b')).toBeUndefined()
  })
})
