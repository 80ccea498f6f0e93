import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../config/site'
import { politePreload, prefetchAllowed, prefetchOnEngagement, prefetchWhenIdle, type ConnectionInfo } from './prefetch'

describe('prefetchAllowed (requirements §9)', () => {
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

  it('runs preloads one at a time; one whose deadline passed while it waited runs as soon as the one before has finished', async () => {
    const timeout = siteConfig.timing.prefetchIdleTimeoutMs
    const started = new Map<string, number>()
    const t0 = Date.now()
    const preload = vi.fn(
      (href: string) =>
        new Promise<string>((resolve) => {
          started.set(href, Date.now() - t0)
          setTimeout(() => resolve(`loaded ${href}`), 500)
        }),
    )
    const polite = politePreload(preload, () => ({ effectiveType: '4g' }))
    const first = polite('/a')
    const second = polite('/b')
    await vi.advanceTimersByTimeAsync(timeout + 499)
    expect([...started.keys()]).toEqual(['/a'])
    await vi.advanceTimersByTimeAsync(600)
    // /a started at the time-out and answered 500 ms later: /b, past its own deadline, started then.
    expect(started.get('/a')).toBe(timeout)
    expect(started.get('/b')).toBeGreaterThanOrEqual(timeout + 500)
    expect(started.get('/b')).toBeLessThanOrEqual(timeout + 501)
    await expect(first).resolves.toBe('loaded /a')
    await expect(second).resolves.toBe('loaded /b')
  })

  it('a failed preload does not hold up the next one', async () => {
    const preload = vi.fn(async (href: string) => {
      if (href === '/broken') throw new Error('offline')
      return `loaded ${href}`
    })
    const polite = politePreload(preload, () => undefined)
    const broken = polite('/broken').catch((error: unknown) => error)
    const next = polite('/next')
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs + 10)
    expect(await broken).toEqual(new Error('offline'))
    await expect(next).resolves.toBe('loaded /next')
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

describe('prefetchOnEngagement (docs/decisions/061)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs nothing while the visitor only looks at the page', async () => {
    const task = vi.fn()
    prefetchOnEngagement(task, new EventTarget())
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs * 3)
    expect(task).not.toHaveBeenCalled()
  })

  it.each(['pointerdown', 'keydown', 'scroll'])('after the first %s, runs the task once, at idle time', async (type) => {
    const task = vi.fn()
    const page = new EventTarget()
    prefetchOnEngagement(task, page)
    page.dispatchEvent(new Event(type))
    expect(task).not.toHaveBeenCalled()
    for (const again of ['pointerdown', 'keydown', 'scroll']) page.dispatchEvent(new Event(again))
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('can be cancelled before the visitor engages and while the task waits for idle time', async () => {
    const task = vi.fn()
    const before = new EventTarget()
    prefetchOnEngagement(task, before)()
    before.dispatchEvent(new Event('pointerdown'))
    const waiting = new EventTarget()
    const cancel = prefetchOnEngagement(task, waiting)
    waiting.dispatchEvent(new Event('scroll'))
    cancel()
    await vi.advanceTimersByTimeAsync(siteConfig.timing.prefetchIdleTimeoutMs * 2)
    expect(task).not.toHaveBeenCalled()
  })
})
