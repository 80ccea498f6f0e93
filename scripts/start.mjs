// `npm start`: the production build (.output/server/index.mjs, Nitro's Node server) as one
// process, or as WEB_CONCURRENCY processes on one port with node:cluster
// (docs/decisions/033-server-lifecycle.md; docs/deploy.md, Node server).
//
// - One process (the default without DATABASE_URL): the server runs here, in this process,
//   exactly as `node .output/server/index.mjs` runs it.
// - Several: this process is the cluster's primary. It holds the port and hands each new
//   connection to the next worker; starts a worker again when one dies unexpectedly (after
//   a pause that grows while they keep dying); on SIGTERM or SIGINT tells every worker to
//   stop gracefully and exits when they are gone, killing any still running after 9.5 s.
//   It logs one line per worker start and exit.
//
// Plain JavaScript on purpose: it runs on the production machine, without tsx.
import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { availableParallelism } from 'node:os'
import { ALLOCATOR_DEFAULTS, serverProcesses } from './server-processes.mjs'

const serverEntry = new URL('../.output/server/index.mjs', import.meta.url)

/** After a stop signal the workers have this long; then they are killed, so the primary is gone within 10 s. */
const EXIT_WITHIN_MS = 9500
/** A worker that died is started again after firstMs, doubling with each death in a row up to maxMs; one that ran steadyMs resets it. */
const RESTART = { firstMs: 1000, maxMs: 30_000, steadyMs: 60_000 }

const log = (line) => console.log(`[cluster] ${line}`)

async function startServer() {
  try {
    await import(serverEntry.href)
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(serverEntry.pathname)) {
      console.error('\nNo production build at .output/server/index.mjs: run `npm run build` first.\n')
      process.exit(1)
    }
    throw error
  }
}

/**
 * srvx (the server Nitro runs) listens with `exclusive: true`, and a cluster worker that
 * listens so binds a socket of its own: the second one fails with EADDRINUSE. With
 * `exclusive: false` the primary holds the port and shares it (Node's round-robin). Nitro's
 * `node-cluster` preset builds its worker with that one option; here it is given from
 * outside, so the build stays the Node server every tool runs (decision 033 says why).
 */
function shareTheListeningSocket() {
  const listen = net.Server.prototype.listen
  net.Server.prototype.listen = function (...args) {
    const [options] = args
    if (options !== null && typeof options === 'object' && options.exclusive) args[0] = { ...options, exclusive: false }
    // A worker that cannot listen (the port taken) has nothing to do, but its channel to the primary would keep it
    // alive: it leaves, and exits with the code srvx set, as a single process would.
    this.once('error', () => this.listening || setImmediate(() => cluster.worker?.disconnect()))
    return listen.apply(this, args)
  }
}

/**
 * Form stamps are signed with FORM_SECRET, else a key derived from REVALIDATE_SECRET or
 * PREVIEW_SECRET, else a random key of the process (app/server/http/abuse.server.ts): a
 * stamp one worker signed would read as a bot's in another. Without any of them, every
 * worker gets the same random key of this launch.
 */
function sharedSecrets() {
  const { FORM_SECRET, REVALIDATE_SECRET, PREVIEW_SECRET } = process.env
  if (FORM_SECRET || REVALIDATE_SECRET || PREVIEW_SECRET) return {}
  log('FORM_SECRET is not set: the workers sign form stamps with one key of this launch; set it when several machines serve the site')
  return { FORM_SECRET: randomBytes(32).toString('hex') }
}

/** The allocator's defaults (server-processes.mjs) that the operator did not set: only a worker can be given them. */
function allocatorDefaults() {
  if (process.platform !== 'linux') return {}
  return Object.fromEntries(Object.entries(ALLOCATOR_DEFAULTS).filter(([name]) => process.env[name] === undefined))
}

function runPrimary({ count, why }) {
  log(`${count} server processes on one port (${why})`)
  const workerEnv = { ...allocatorDefaults(), ...sharedSecrets() }
  /** Per worker: its slot (1…count), when it started, whether it listened, whether it is of the first start. */
  const about = new Map()
  let stopping = false
  let deathsInARow = 0
  let exitCode = 0

  const fork = (slot, first) => about.set(cluster.fork(workerEnv), { slot, startedAt: Date.now(), listened: false, first })
  const running = () => Object.values(cluster.workers ?? {}).filter(Boolean)
  const name = (worker) => `worker ${about.get(worker)?.slot} (pid ${worker.process.pid})`

  cluster.on('listening', (worker, address) => {
    const info = about.get(worker)
    if (info) info.listened = true
    log(`${name(worker)} listening on ${address.address ?? ''}:${address.port}`)
  })

  cluster.on('exit', (worker, code, signal) => {
    const info = about.get(worker)
    const exited = `${name(worker)} exited (${signal ? `signal ${signal}` : `code ${code}`})`
    about.delete(worker)
    if (code !== 0) exitCode = 1
    if (stopping) {
      log(exited)
      if (running().length === 0) process.exit(exitCode)
      return
    }
    // One of the first workers could not start (a bad variable, the port taken): so would the next; stop like a single process.
    if (info?.first && !info.listened) {
      log(`${exited} before it listened; stopping`)
      stop('SIGTERM')
      return
    }
    deathsInARow = info && Date.now() - info.startedAt >= RESTART.steadyMs ? 1 : deathsInARow + 1
    const pauseMs = Math.min(RESTART.firstMs * 2 ** (deathsInARow - 1), RESTART.maxMs)
    log(`${exited}; starting another in ${pauseMs / 1000} s`)
    setTimeout(() => stopping || fork(info?.slot ?? 0, false), pauseMs)
  })

  function stop(signal) {
    if (stopping) {
      // A second signal: the operator will not wait.
      for (const worker of running()) worker.process.kill('SIGKILL')
      return
    }
    stopping = true
    // SIGTERM to each, whichever signal came: srvx reads a second SIGINT as "force close",
    // and a terminal's Ctrl+C has already sent the workers one.
    for (const worker of running()) worker.process.kill('SIGTERM')
    setTimeout(() => {
      log(`workers still running ${EXIT_WITHIN_MS / 1000} s after ${signal}; killing them`)
      for (const worker of running()) worker.process.kill('SIGKILL')
      process.exit(1)
    }, EXIT_WITHIN_MS).unref()
    if (running().length === 0) process.exit(exitCode)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  for (let slot = 1; slot <= count; slot++) fork(slot, true)
}

if (cluster.isWorker) {
  shareTheListeningSocket()
  await startServer()
} else {
  const plan = serverProcesses(process.env, availableParallelism())
  if ('error' in plan) {
    // The shape of the server's own message for a bad variable (app/config/env.ts, parseEnvOrExit).
    console.error(`\nInvalid environment:\n  - ${plan.error}\n\nFix these variables and start again.\n`)
    process.exit(1)
  }
  if (plan.count === 1) await startServer()
  else runPrimary(plan)
}
