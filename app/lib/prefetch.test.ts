import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../../app.config'
import { politePreload, prefetchAllowed, prefetchWhenIdle, type ConnectionInfo } from './prefetch'

describe('prefetchAllowed (SPEC §9)', () => {
  it('refuses 2g, slow-2g and Save-Data', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false)
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false)
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false)
  })

  it('allows 3g, 4g and browsers that do not say', () => {
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true)
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true)
    expect(prefetchAllowed(undefined)).toBe(true)
  })
})

describe('politePreload', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits for idle time, at most the idle time-out, then preloads and passes the answer on', async () => {
    const preload = vi.fn(async (href: string) => `loaded ${href}`)
    const polite = politePreload(preload, () => ({ effectiveType: '4g' }))
    const answer = polite('/about')
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs - 1)
    expect(preload).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(preload).toHaveBeenCalledWith('/about')
    await expect(answer).resolves.toBe('loaded /about')
  })

  it('passes a failed preload on', async () => {
    const polite = politePreload(
      () => Promise.reject(new Error('offline')),
      () => undefined,
    )
    const answer = polite().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs)
    expect(await answer).toEqual(new Error('offline'))
  })

  it('never preloads on a slow connection, reading the connection at each preload', async () => {
    let connection: ConnectionInfo = { effectiveType: '2g' }
    const preload = vi.fn(async () => 'loaded')
    const polite = politePreload(preload, () => connection)
    await expect(polite()).resolves.toBeUndefined()
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs * 2)
    expect(preload).not.toHaveBeenCalled()

    connection = { effectiveType: '4g' }
    const answer = polite()
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs)
    await expect(answer).resolves.toBe('loaded')
  })
})

describe('prefetchWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the task at idle time on a fast connection, and can be cancelled', async () => {
    const task = vi.fn()
    prefetchWhenIdle(task, { effectiveType: '4g' })
    const cancel = prefetchWhenIdle(task, { effectiveType: '4g' })
    cancel()
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('never runs it with Save-Data or on 2g', async () => {
    const task = vi.fn()
    prefetchWhenIdle(task, { effectiveType: '4g', saveData: true })
    prefetchWhenIdle(task, { effectiveType: '2g' })
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs * 2)
    expect(task).not.toHaveBeenCalled()
  })
})
