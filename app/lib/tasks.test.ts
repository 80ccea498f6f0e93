import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, builtInItsOwnTask } from './tasks'

/** Resolves once the macrotasks queued before it (zero timers, in order) have run. */
const afterQueuedTasks = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('builtInItsOwnTask', () => {
  it('builds in a later task than the call, and hands the value over in a task after the build', async () => {
    const events: string[] = []
    const handedOver = builtInItsOwnTask(() => {
      events.push('build')
      return 42
    }).then((value) => {
      events.push(`handed over ${value}`)
      return value
    })
    queueMicrotask(() => events.push('same task'))
    // Queued after the helper's first timer: runs between the build's task and the hand-over's.
    setTimeout(() => events.push('a task between'), 0)

    await expect(handedOver).resolves.toBe(42)
    await afterQueuedTasks()
    expect(events).toEqual(['same task', 'build', 'a task between', 'handed over 42'])
  })

  it('passes on what the build throws, as a rejection', async () => {
    await expect(
      builtInItsOwnTask(() => {
        throw new Error('no router')
      }),
    ).rejects.toThrow('no router')
  })
})

describe('afterNextPaint (docs/decisions/064-code-fetched-after-the-paint.md)', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  /** Animation frames run when the test says so, as a browser runs them before it paints. */
  function stubFrames() {
    const frames: Array<() => void> = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
    return () => frames.splice(0).forEach((frame) => frame())
  }

  it('resolves in a task after the next frame, not in the frame nor before it', async () => {
    const paintFrame = stubFrames()
    let resolved = false
    const painted = afterNextPaint().then(() => (resolved = true))
    await afterQueuedTasks()
    expect(resolved).toBe(false)
    paintFrame()
    await Promise.resolve()
    expect(resolved).toBe(false)
    await painted
    expect(resolved).toBe(true)
  })

  it('goes on without a frame after 100 ms (a hidden page paints none)', async () => {
    vi.useFakeTimers()
    stubFrames()
    let resolved = false
    void afterNextPaint().then(() => (resolved = true))
    await vi.advanceTimersByTimeAsync(99)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
  })

  it('resolves at once where there are no frames (the server)', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined)
    await expect(afterNextPaint()).resolves.toBeUndefined()
  })
})
