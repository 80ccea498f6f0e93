// How many server processes `npm start` runs (scripts/start.mjs; docs/decisions/033-server-lifecycle.md).
//
// Plain JavaScript on purpose: the launcher runs on the production machine before anything
// is compiled, without tsx or zod. The same rule is in the environment's schema
// (WEB_CONCURRENCY in app/config/env.ts), which the server checks again when it starts;
// tests/unit/server-processes.test.ts keeps the two in step.

/** The most processes one machine runs: beyond it, a typo (640 for 64) rather than a plan. */
export const MAX_PROCESSES = 64

/**
 * glibc's allocator, read once when a process starts (docs/deploy.md, Memory): at most two
 * arenas instead of eight per core, and a fixed size above which a block is mapped on its own
 * and handed back when freed (glibc otherwise raises that size after the first such block, and
 * a compressor's or a large page's buffers then stay in the arenas). On the benchmark machine
 * the two took a process from about 370 MB to about 270 MB after 200 000 cached requests, at
 * the same rate. `npm start` gives them to its cluster's workers; the benchmarks start their
 * servers with them, as the deploy guide's systemd unit does.
 */
export const ALLOCATOR_DEFAULTS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

const BAD = `must be a whole number from 1 to ${MAX_PROCESSES}`

/**
 * WEB_CONCURRENCY when set; else every core when DATABASE_URL names a store all processes
 * share, else 1 (the site's SQLite files and its in-memory limits are one process's).
 *
 * @param {Record<string, string | undefined>} env
 * @param {number} cores what os.availableParallelism() says
 * @returns {{ count: number, why: string } | { error: string }}
 */
export function serverProcesses(env, cores) {
  const set = env.WEB_CONCURRENCY?.trim()
  if (set) {
    if (!/^\d+$/.test(set) || Number(set) < 1 || Number(set) > MAX_PROCESSES) return { error: `WEB_CONCURRENCY: ${BAD} (got "${set}")` }
    return { count: Number(set), why: 'WEB_CONCURRENCY' }
  }
  if (env.DATABASE_URL?.trim()) return { count: Math.max(1, Math.min(cores, MAX_PROCESSES)), why: `${cores} cores, DATABASE_URL set` }
  return { count: 1, why: 'no DATABASE_URL' }
}
