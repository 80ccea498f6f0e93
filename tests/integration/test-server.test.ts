/**
 * tests/support/test-server.ts ends every process a test server started, not only the
 * one it spawned (the `npm run cms` → tsx → node chain that used to outlive the suite).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { isRunning as alive, startTestServer } from '../support/test-server'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A server that starts a long-lived child of its own and answers with that child's pid; it may ignore SIGTERM. */
const serverScript = (port: number, ignoreTerm: boolean) => `
  const { spawn } = require('node:child_process')
  const child = spawn('sleep', ['600'], { stdio: 'ignore' })
  ${ignoreTerm ? "process.on('SIGTERM', () => {})" : ''}
  require('node:http').createServer((req, res) => res.end(String(child.pid))).listen(${port}, '127.0.0.1')
`

describe('test servers', () => {
  for (const ignoreTerm of [false, true]) {
    it(`end with everything they started${ignoreTerm ? ', by SIGKILL when SIGTERM is ignored' : ''}`, async () => {
      const port = await freePort()
      const server = await startTestServer({
        command: process.execPath,
        args: ['-e', serverScript(port, ignoreTerm)],
        readyUrl: `http://127.0.0.1:${port}/`,
        graceMs: 500,
      })
      const grandchild = Number(await (await fetch(`http://127.0.0.1:${port}/`)).text())
      expect(alive(server.pid) && alive(grandchild)).toBe(true)
      await server.stop()
      expect({ server: alive(server.pid), grandchild: alive(grandchild) }).toEqual({ server: false, grandchild: false })
    })
  }

  it('report a server that exits before it answers, with its output', async () => {
    const failing = startTestServer({
      command: process.execPath,
      args: ['-e', "console.error('no database'); process.exit(3)"],
      readyUrl: `http://127.0.0.1:${await freePort()}/`,
    })
    await expect(failing).rejects.toThrow(/exited with code 3[\s\S]*no database/)
  })
})
