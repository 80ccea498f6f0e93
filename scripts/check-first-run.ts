/**
 * The README's first command, as a new user runs it (`npm run check:first-run`, a step of
 * `npm test`): a fresh clone of the commit under test in a temporary folder, with no
 * generated files (no app/paraglide/, no route tree, no app/fonts/, no .cache/), then `npm run dev`.
 *
 * It requires the dev server's very first answer on `/` to be a 200, then 200s with the
 * page's own title on `/`, `/de` and `/blog`, and nothing on the server's error output.
 * Then a load that fails on a missing file must recover once the file is written.
 * The installed node_modules are hard-linked into the clone (a copy that costs seconds,
 * not a reinstall), so the run also proves that an up-to-date node_modules in a new clone
 * is not installed again (scripts/run.sh). The dev server is stopped by its process group.
 *
 * `FIRST_RUN_COMMIT` checks another commit (to see the check fail on one that has the fault).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { portInUse, startTestServer } from '../tests/support/test-server'

const root = join(import.meta.dirname, '..')
const port = Number(process.env.FIRST_RUN_PORT ?? 4340)
const origin = `http://127.0.0.1:${port}`
/** A fresh clone's dev server compiles every route's modules on first use; a slow machine needs minutes. */
const START_TIMEOUT_MS = 300_000

/** The pages asked for, and the demo content file whose SEO title each must show. */
const pages = [
  { path: '/', content: 'content/en/pages/home.json' },
  { path: '/de', content: 'content/de/pages/home.json' },
  { path: '/blog', content: 'content/en/pages/blog.json' },
]

function expectedTitle(clone: string, contentFile: string): string {
  return (JSON.parse(readFileSync(join(clone, contentFile), 'utf8')) as { meta: { title: string } }).meta.title
}

function git(args: string[], cwd = root): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

function titleOf(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/.exec(html)
  return match ? match[1]!.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").trim() : null
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls / until its status is what `wanted` accepts; the last status, or null when it never was. */
async function statusOfHome(wanted: (status: number) => boolean, withinMs: number): Promise<number | null> {
  let status = 0
  for (const end = Date.now() + withinMs; Date.now() < end; await sleep(250)) {
    status = await fetch(`${origin}/`).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    )
    if (wanted(status)) return status
  }
  return null
}

/**
 * A load that failed on a file that did not exist yet is not kept once the file exists
 * (scripts/vite-dev-first-run-plugin.ts): the server entry imports a module before it is
 * written, as on a fresh clone before the messages were compiled, or when a developer
 * writes the import first. The new file was never in the dev server's module graph.
 */
async function missingFileThenAdded(clone: string): Promise<void> {
  const entry = join(clone, 'app/server.ts')
  const source = readFileSync(entry, 'utf8')
  writeFileSync(entry, `import './first-run-probe'\n${source}`)
  if ((await statusOfHome((status) => status >= 500, 60_000)) === null) {
    failures.push('the dev server still answered 200 after the server entry imported a missing file')
    return
  }
  writeFileSync(join(clone, 'app/first-run-probe.ts'), 'export {}\n')
  if ((await statusOfHome((status) => status === 200, 60_000)) === null) {
    failures.push('the dev server kept answering with the failed load after the missing file was written')
    return
  }
  console.log('first run: a load that failed on a missing file recovered once the file was written')
}

const failures: string[] = []
const commit = git(['rev-parse', process.env.FIRST_RUN_COMMIT ?? 'HEAD'])
if (await portInUse(port)) {
  console.error(`first run: port ${port} is in use; stop what listens there or set FIRST_RUN_PORT`)
  process.exit(1)
}
if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.error('first run: no node_modules here to link into the clone; run `npm install` first')
  process.exit(1)
}

const folder = mkdtempSync(join(tmpdir(), 'kestrel-first-run-'))
const clone = join(folder, 'site')
const started = Date.now()
try {
  git(['clone', '--quiet', '--no-checkout', '--shared', root, clone])
  git(['checkout', '--quiet', '--detach', commit], clone)
  for (const generated of ['app/paraglide', 'app/routeTree.gen.ts', 'app/fonts', '.cache', '.output']) {
    if (existsSync(join(clone, generated))) failures.push(`the clone already has ${generated}`)
  }
  // cp -al: hard links, so a second node_modules costs seconds and no disk.
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(clone, 'node_modules')])
  console.log(`first run: clone of ${commit.slice(0, 12)} in ${clone}, node_modules linked (${Date.now() - started} ms)`)

  let firstStatus: number | null = null
  let errorOutput = ''
  const server = await startTestServer({
    command: 'npm',
    args: ['run', 'dev'],
    cwd: clone,
    // Only what a new user's shell would have, plus the port: none of the suite's own settings.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TEST_RUN_ID: process.env.TEST_RUN_ID,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    readyUrl: `${origin}/`,
    readyWhen: (response) => {
      firstStatus = response.status
      return true
    },
    startTimeoutMs: START_TIMEOUT_MS,
    onStderr: (chunk) => {
      errorOutput += chunk
    },
  })
  const firstAnswerMs = Date.now() - started
  try {
    if (firstStatus !== 200) failures.push(`the first answer on / was ${firstStatus}, not 200`)
    for (const page of pages) {
      const response = await fetch(origin + page.path, { headers: { accept: 'text/html' } })
      const found = titleOf(await response.text())
      const title = expectedTitle(clone, page.content)
      if (response.status !== 200) failures.push(`${page.path} answered ${response.status}`)
      else if (found !== title) failures.push(`${page.path}: title ${JSON.stringify(found)}, expected ${JSON.stringify(title)}`)
      else console.log(`first run: ${page.path} 200, "${found}"`)
    }
    if (errorOutput.trim() !== '') failures.push(`the dev server wrote to its error output:\n${errorOutput.trim()}`)
    await missingFileThenAdded(clone)
  } finally {
    await server.stop()
  }
  if (failures.length > 0) console.error(`first run: server output:\n${server.output()}`)
  console.log(`first run: the first answer came ${(firstAnswerMs / 1000).toFixed(1)} s after the clone started`)
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error))
} finally {
  rmSync(folder, { recursive: true, force: true })
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`first run: FAILED: ${failure}`)
  process.exit(1)
}
console.log('first run: `npm run dev` on a fresh clone serves /, /de and /blog on its first requests')
process.exit(0)
