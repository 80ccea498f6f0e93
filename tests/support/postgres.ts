/**
 * A PostgreSQL server of the test's own (Debian's `postgresql` package), on 127.0.0.1 and a
 * free port, its data in a scratch folder of its own (removed when it stops), fsync off. Started
 * as the `postgres` user when the tests run as root (Postgres refuses root), in its own
 * process group, and stopped with it. `DATABASE_URL` for the site is `url`.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './built-site'

/** Debian's server binaries, newest major version first; null when the package is not installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin/postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

export interface TestPostgres {
  url: string
  port: number
  /** A new, empty database on this server, as a URL. */
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

const asRoot = process.getuid?.() === 0
/** Runs a server binary as the postgres user when we are root. */
const command = (bin: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)')
  // Under the system's temporary folder, which the postgres user can reach (a test's own scratch folder is its owner's alone).
  const dir = mkdtempSync(path.join(tmpdir(), 'site-postgres-'))
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    )
  const data = path.join(dir, 'data')
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    const [program, args] = command(path.join(bin, 'initdb'), ['-D', data, '-U', 'site', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    execFileSync(program, args, { stdio: 'pipe' })
  }
  const port = await freePort()
  const [program, args] = command(path.join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ])
  let output = ''
  const server: ChildProcess = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `postgres://site@127.0.0.1:${port}/postgres`
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return rmSync(dir, { recursive: true, force: true })
    const exited = new Promise((done) => server.once('exit', done))
    // SIGINT: Postgres's fast shutdown (ends the sessions, then exits).
    process.kill(-server.pid!, 'SIGINT')
    const ended = await Promise.race([exited.then(() => true), new Promise((done) => setTimeout(() => done(false), 10_000))])
    if (!ended) process.kill(-server.pid!, 'SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  for (let waited = 0; !(await answers(url)); waited += 200) {
    if (server.exitCode !== null || waited > 30_000) {
      await stop()
      throw new Error(`PostgreSQL did not start:\n${output.slice(-2000)}`)
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  return {
    url,
    port,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://site@127.0.0.1:${port}/${name}`
    },
    stop,
  }
}
