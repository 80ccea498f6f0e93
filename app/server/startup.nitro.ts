/**
 * A Nitro runtime plugin: runs once when the production server starts, so a bad
 * environment variable stops `npm start` at once with a message naming it, before
 * the first request (the server entry itself loads lazily); and a content backend that
 * speaks another major version of the contract stops it as soon as it has answered
 * (app/server/content/contract-check.server.ts). From here on, a SIGTERM is a graceful
 * shutdown that ends within 10 s (app/server/http/shutdown.server.ts).
 */
import { definePlugin } from 'nitro'
import { parseEnvOrExit } from '../config/env'
import { checkContract, reportContractCheck } from './content/contract-check.server'
import { leaveTheCluster, listenForShutdown } from './http/shutdown.server'
import { defaultLogFormat, installServerLog } from './log.server'

export default definePlugin((nitroApp) => {
  const env = parseEnvOrExit()
  ignoreClosedLogPipes()
  installServerLog(env.LOG_FORMAT ?? defaultLogFormat(process.env.NODE_ENV), env.LOG_LEVEL)
  listenForShutdown()
  // Nitro calls its close hooks when srvx has closed the server (the requests in flight are answered).
  nitroApp.hooks.hook('close', leaveTheCluster)
  if (env.CONTENT_API_URL) void checkContractAtStart(env.CONTENT_API_URL, env.CONTENT_TIMEOUT_MS)
})

async function checkContractAtStart(baseUrl: string, timeoutMs: number) {
  if (reportContractCheck(await checkContract(baseUrl, timeoutMs), baseUrl)) return
  // A platform's function cannot refuse to exist: there the message is logged at every cold start.
  const target: unknown = import.meta.env?.DEPLOY_TARGET
  if (target === undefined || target === 'node') process.exit(1)
}

/**
 * When whatever reads the server's output goes away (a supervisor or a test runner that
 * ended, a log shipper that died), each write fails with EPIPE. Unheard, that error is an
 * uncaught exception, which Nitro's handler logs, which fails again: the process spun at
 * 100% CPU and never finished its graceful shutdown. Lost log lines cannot be reported
 * anywhere, so the error is dropped and the server carries on (or exits on SIGTERM).
 */
function ignoreClosedLogPipes() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => {
      // Nowhere left to say it.
    })
  }
}
