/**
 * A Nitro runtime plugin: runs once when the production server starts, so a bad
 * environment variable stops `npm start` at once with a message naming it, before
 * the first request (the server entry itself loads lazily).
 */
import { definePlugin } from 'nitro'
import { parseEnvOrExit } from '../../app.config'

export default definePlugin(() => {
  parseEnvOrExit()
  ignoreClosedLogPipes()
})

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
