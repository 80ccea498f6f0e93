import { describe, expect, it } from 'vitest'
import { builtInItsOwnTask } from './tasks'

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
