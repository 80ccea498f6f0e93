/**
 * The site's side of the built Node server's graceful shutdown
 * (docs/decisions/033-server-lifecycle.md). On SIGTERM or SIGINT, srvx (the server Nitro
 * runs) stops accepting connections and waits up to 5 s for the requests in flight, then
 * closes the rest; here, from the same signal:
 * - `stopping()` turns true: every answer closes its connection (edge.nitro.ts), so a
 *   keep-alive client or proxy does not send its next request into a closing server, and
 *   `GET /readyz` answers 503;
 * - the tasks handed to `whenStopping` run (the outbox worker finishes what it claimed);
 * - whatever still runs lifecycleConfig.exitWithinMs after the signal is cut short: the
 *   process exits, so a supervisor never has to kill it.
 *
 * srvx skips its graceful shutdown when CI or TEST is set (to anything), and so does this
 * file: nothing listens for the signal, which then ends the process at once, Node's
 * default (the test suites rely on it; docs/deploy.md says not to set either in production).
 * Two bundles load this file, the Nitro plugins' and the server entry's; each copy hears
 * the signal itself.
 */
import cluster from 'node:cluster'
import { lifecycleConfig } from '../config.server'

const SIGNALS = ['SIGTERM', 'SIGINT'] as const

let listening = false
let signalled = false
const tasks: Array<() => Promise<unknown>> = []

/** The built Node server, where srvx runs its graceful shutdown; never `vite dev` or a platform's function. */
function gracefulShutdownOn(): boolean {
  const target: unknown = import.meta.env?.DEPLOY_TARGET
  if (import.meta.env?.PROD !== true || (target !== undefined && target !== 'node')) return false
  // srvx's own switch, read as srvx reads it: these two are the test runners', not the site's settings (app/config/env.ts).
  return !(process.env.CI || process.env.TEST)
}

function run(task: () => Promise<unknown>) {
  task().catch((error: unknown) => console.error(`[shutdown] ${error instanceof Error ? error.message : String(error)}`))
}

function begin() {
  if (signalled) return
  signalled = true
  // Unreferenced: a process with nothing left to do exits before it fires.
  setTimeout(() => {
    console.error(`[shutdown] still busy ${lifecycleConfig.exitWithinMs / 1000} s after the signal; exiting now`)
    process.exit(1)
  }, lifecycleConfig.exitWithinMs).unref()
  for (const task of tasks) run(task)
}

/** Listens for the stop signals (once per bundle), where the server shuts down gracefully. */
export function listenForShutdown(): void {
  if (listening || !gracefulShutdownOn()) return
  listening = true
  for (const signal of SIGNALS) process.on(signal, begin)
}

/** Runs `task` when the process is told to stop (at once if it already was). */
export function whenStopping(task: () => Promise<unknown>): void {
  listenForShutdown()
  if (signalled) run(task)
  else tasks.push(task)
}

/** Whether the process was told to stop and is finishing the requests in flight. */
export const stopping = (): boolean => signalled

/**
 * Once the server has closed: a worker of `npm start`'s cluster (scripts/start.mjs) lets go
 * of its channel to the primary, which would keep it alive, and exits when the work in
 * flight is done. Node's own way: the primary counts it as a worker that left on purpose.
 */
export function leaveTheCluster(): void {
  if (cluster.isWorker) cluster.worker?.disconnect()
}
