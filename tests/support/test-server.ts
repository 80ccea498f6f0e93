/**
 * Servers the tests start (`npm run cms`, a production build), each in its own process
 * group. Killing only the spawned process is not enough: `npm run cms` starts `tsx`,
 * which starts `node`, and those outlive a killed `npm`. So the whole group is ended:
 * SIGTERM, then SIGKILL after a grace period, and SIGKILL on the test process's exit for
 * any server a test did not stop. scripts/check-leftover-processes.sh checks after the
 * suite that nothing it started is left.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { connect } from 'node:net'

export interface TestServerOptions {
  command: string
  args: readonly string[]
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Polled until it answers 2xx (or what `readyWhen` accepts); then the server counts as started. */
  readyUrl: string
  /** Which answer to readyUrl counts as started; by default a 2xx. */
  readyWhen?: (response: Response) => boolean
  /** How long it may take to start. */
  startTimeoutMs?: number
  /** How long the group has to end after SIGTERM before it gets SIGKILL. */
  graceMs?: number
  /** Called with what the server writes to its error output (it is also in `output()`). */
  onStderr?: (chunk: string) => void
}

export interface TestServer {
  /** The spawned process's id, which is also its process group's id. */
  pid: number
  /** What it printed so far (the last 20 000 characters), for failure messages. */
  output: () => string
  /**
   * Resolves once the process has exited and its output has all been read: a process found
   * gone may still have lines on their way through the pipe.
   */
  closed: Promise<void>
  /** Ends the whole process group; resolves when it is gone. */
  stop: () => Promise<void>
}

const MAX_OUTPUT = 20_000
const POLL_MS = 100

/** Process groups of servers not yet stopped, killed on exit (exit handlers cannot wait). */
const running = new Set<number>()
process.on('exit', () => {
  for (const group of running) signalGroup(group, 'SIGKILL')
})

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal)
  } catch {
    // ESRCH: no process left in the group.
  }
}

/**
 * A process's state letter, process group and CPU time so far (user and system, in clock
 * ticks: `getconf CLK_TCK` per second) from /proc (Linux), or null when it is gone.
 */
export function procStat(pid: number): { state: string; group: number; cpuTicks: number } | null {
  try {
    // "pid (comm) state ppid pgrp … utime stime …" (utime and stime are fields 14 and 15);
    // comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0] ?? '', group: Number(fields[2]), cpuTicks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return null
  }
}

/**
 * Whether a process still runs. A zombie does not: it has ended and only waits to be
 * reaped, which an orphan's new parent (PID 1 in a container) may do late or never.
 */
export function isRunning(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    const stat = procStat(pid)
    return stat !== null && stat.state !== 'Z'
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether any process of the group still runs (zombies do not count; see isRunning). */
function groupRunning(group: number): boolean {
  if (existsSync('/proc/self/stat')) {
    return readdirSync('/proc').some((entry) => {
      if (!/^\d+$/.test(entry)) return false
      const stat = procStat(Number(entry))
      return stat !== null && stat.group === group && stat.state !== 'Z'
    })
  }
  try {
    process.kill(-group, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function groupGone(group: number, withinMs: number): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end; await sleep(POLL_MS)) {
    if (!groupRunning(group)) return true
  }
  return !groupRunning(group)
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const { startTimeoutMs = 20_000, graceMs = 5_000 } = options
  // detached: the child leads a new process group (and session), so -pid reaches all it starts.
  const child = spawn(options.command, [...options.args], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const pid = child.pid
  if (pid === undefined) throw new Error(`${options.command} did not start`)
  running.add(pid)

  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  if (options.onStderr) child.stderr.on('data', (chunk: Buffer) => options.onStderr!(chunk.toString()))
  let exited: string | null = null
  child.on('exit', (code, signal) => {
    exited = signal ? `signal ${signal}` : `code ${code}`
  })

  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))

  const server: TestServer = {
    pid,
    output: () => output,
    closed,
    async stop() {
      if (!running.has(pid)) return
      signalGroup(pid, 'SIGTERM')
      if (!(await groupGone(pid, graceMs))) {
        signalGroup(pid, 'SIGKILL')
        await groupGone(pid, graceMs)
      }
      running.delete(pid)
    },
  }

  const describe = `${options.command} ${options.args.join(' ')}`
  for (const end = Date.now() + startTimeoutMs; ; await sleep(POLL_MS)) {
    if (exited !== null) {
      await server.stop()
      throw new Error(`${describe} exited with ${exited} before ${options.readyUrl} answered:\n${output}`)
    }
    const ready = await fetch(options.readyUrl).then(
      (response) => (options.readyWhen ?? ((answer: Response) => answer.ok))(response),
      () => false,
    )
    if (ready) return server
    if (Date.now() > end) {
      await server.stop()
      throw new Error(`${describe}: ${options.readyUrl} did not answer within ${startTimeoutMs} ms:\n${output}`)
    }
  }
}

/** Whether something already listens on a loopback port (a server must not start on top of it). */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host })
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })
}
