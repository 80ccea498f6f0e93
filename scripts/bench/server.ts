/**
 * The production build (`.output/server/index.mjs`) as the benchmark runs it: started
 * as every test and check starts it (tests/support/built-site.ts), with its database
 * under `.cache/bench/` and the garbage-collection probe loaded.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startBuiltSite } from '../../tests/support/built-site'
import { procStat, type TestServer } from '../../tests/support/test-server'
import { ALLOCATOR_DEFAULTS } from '../server-processes.mjs'

export const root = join(import.meta.dirname, '../..')
export const benchDir = join(root, '.cache/bench')
export const serverEntry = join(root, '.output/server/index.mjs')
export const HOST = '127.0.0.1'

/**
 * The first of the five ports the benchmark uses (Lighthouse, load, cache miss, nginx, the
 * baseline's cache miss and Node's own ceiling, one after the other):
 * `BENCH_PORT_BASE`, default 4330, so that several people on one machine can each run parts.
 */
export function benchPort(offset: 0 | 1 | 2 | 3 | 4): number {
  const base = Number(process.env.BENCH_PORT_BASE ?? 4330)
  if (!Number.isInteger(base) || base < 1024 || base > 65_000)
    throw new Error(`BENCH_PORT_BASE must be a port number, not ${process.env.BENCH_PORT_BASE}`)
  return base + offset
}

export interface BuiltServer extends TestServer {
  origin: string
  /** The server process's resident set size now (Linux), in bytes; null elsewhere. */
  rssBytes: () => number | null
  /** The memory left after a full garbage collection in the server (scripts/bench/gc-probe.mjs); null when it does not answer. */
  afterFullGc: () => Promise<NodeJS.MemoryUsage | null>
  /** The CPU time the server process has used so far (user and system, Linux), in ms; null elsewhere. */
  cpuMs: () => number | null
}

export function requireBuild(): void {
  if (!existsSync(serverEntry)) {
    console.error('bench: no production build (.output/server/index.mjs); run `npm run build` first')
    process.exit(1)
  }
}

/** The build the server runs, by its date (Nitro writes it), to notice a rebuild during a run. */
export function buildDate(): string | null {
  try {
    return (JSON.parse(readFileSync(join(root, '.output/nitro.json'), 'utf8')) as { date?: string }).date ?? null
  } catch {
    return null
  }
}

/** The commit measured, with `+changes` when the work tree differs from it. */
export function commitMeasured(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim()
    return dirty ? `${commit}+changes` : commit
  } catch {
    return 'unknown'
  }
}

/** Clock ticks per second of /proc's times (getconf CLK_TCK; 100 on Linux's usual builds). */
let clockTicks: number | undefined

/** A process's CPU time so far (user and system), in ms; null when it cannot be read. */
export function processCpuMs(pid: number): number | null {
  const stat = procStat(pid)
  if (!stat) return null
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    clockTicks = 100
  }
  return (stat.cpuTicks * 1000) / clockTicks
}

function readRss(pid: number): number | null {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kilobytes ? Number(kilobytes) * 1024 : null
  } catch {
    return null
  }
}

/**
 * `launcher`: as `npm start` runs it (scripts/start.mjs), so WEB_CONCURRENCY can start several processes; `rssBytes` is then the primary's.
 * `checkout`: another checkout's build (the baseline: baseline.ts) instead of this one's.
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
  launcher = false,
  checkout?: string,
): Promise<BuiltServer> {
  mkdirSync(benchDir, { recursive: true })
  const site = await startBuiltSite({
    dataDir: benchDir,
    port,
    launcher,
    root: checkout,
    startTimeoutMs: 60_000,
    env: {
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import="${gcProbe}"`].filter(Boolean).join(' '),
      // As the deploy guide's systemd unit starts it (docs/deploy.md, Memory).
      ...ALLOCATOR_DEFAULTS,
      // No line per request, as the nginx it is compared with runs with access_log off.
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  return { ...site, rssBytes: () => readRss(site.pid), afterFullGc: () => afterFullGc(site), cpuMs: () => processCpuMs(site.pid) }
}

const gcProbe = join(root, 'scripts/bench/gc-probe.mjs')

async function afterFullGc(server: TestServer): Promise<NodeJS.MemoryUsage | null> {
  const before = server.output().split('gc-probe ').length
  try {
    process.kill(server.pid, 'SIGUSR2')
  } catch {
    return null
  }
  for (let waited = 0; waited < 10_000; waited += 100) {
    await new Promise((done) => setTimeout(done, 100))
    const parts = server.output().split('gc-probe ')
    if (parts.length > before) {
      try {
        return JSON.parse(parts.at(-1)!.split('\n')[0]!) as NodeJS.MemoryUsage
      } catch {
        return null
      }
    }
  }
  return null
}
