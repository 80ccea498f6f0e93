/**
 * The load bench's CPU time per request (scripts/bench/load.ts) reads a server's CPU time
 * from /proc (scripts/bench/server.ts, tests/support/test-server.ts's procStat).
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { processCpuMs } from '../../scripts/bench/server'

describe.runIf(process.platform === 'linux')("a process's CPU time", () => {
  it('grows by what the process computes, not by the time it waits', async () => {
    // A child that computes until it has had 300 ms of CPU, then waits; its stat line is read while it waits.
    // By CPU time, not the wall clock: on a busy machine a child that spun for 300 ms of wall time
    // had had 140 ms of a core.
    const compute = 'while (process.cpuUsage().user + process.cpuUsage().system < 300_000); setTimeout(() => {}, 5000)'
    const child = spawn(process.execPath, ['-e', compute], { stdio: 'ignore' })
    try {
      const start = processCpuMs(child.pid!)
      expect(start).not.toBeNull()
      await new Promise((done) => setTimeout(done, 1500))
      const busy = processCpuMs(child.pid!)!
      await new Promise((done) => setTimeout(done, 1000))
      const waited = processCpuMs(child.pid!)!
      // At least the 300 ms it computed (a process that only waited would show its start-up alone)…
      expect(busy - start!).toBeGreaterThanOrEqual(250)
      // …and next to nothing while it waits.
      expect(waited - busy).toBeLessThan(100)
    } finally {
      child.kill()
    }
  })

  it('is null for a process that is gone', () => {
    expect(processCpuMs(2 ** 22 + 12345)).toBeNull()
  })
})
