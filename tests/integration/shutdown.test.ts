/**
 * The production server ends on SIGTERM even when nothing reads its output any more (its
 * supervisor or test runner went away first). Writing a log line then fails with EPIPE;
 * unheard, that error became an uncaught exception that was logged and failed again, and
 * the server spun at 100% CPU instead of finishing its graceful shutdown
 * (app/server/startup.nitro.ts).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { freePort } from '../support/built-site'

const work = mkdtempSync(path.join(tmpdir(), 'site-shutdown-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** srvx's graceful shutdown waits up to 5 s for open connections; then the process must be gone. */
const EXIT_WITHIN_MS = 15_000

it('ends on SIGTERM after the reader of its output went away', { timeout: 60_000 }, async () => {
  const port = await freePort()
  // Without CI and TEST in its environment: srvx's graceful shutdown (the path that writes on SIGTERM) is off under them.
  const { CI: _ci, TEST: _test, ...environment } = process.env
  const child = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...environment,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`,
      SITE_DATABASE_URL: `file:${path.join(work, 'site.db')}`,
      SITE_OUTBOX_DIR: path.join(work, 'outbox'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const exited = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? `code ${code}`)))
  try {
    for (let answered = false; !answered; await new Promise((resolve) => setTimeout(resolve, 100))) {
      answered = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.ok,
        () => false,
      )
    }
    // Whoever read its output is gone: both pipes are closed at this end.
    child.stdout.destroy()
    child.stderr.destroy()
    child.kill('SIGTERM')
    const outcome = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), EXIT_WITHIN_MS))])
    expect(outcome, `still running ${EXIT_WITHIN_MS / 1000} s after SIGTERM`).not.toBeNull()
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
  }
})
