/**
 * The reporters that name each failed test for the end of `npm test` (tests/reporters/):
 * a real Vitest and a real Playwright run over a few small test files, some of which fail,
 * each with TEST_FAILURES_FILE set, and what they wrote there. scripts/run-steps.sh prints
 * the lines (tests/unit/run-steps.test.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Inside the project, so that the fixtures' imports of vitest and @playwright/test resolve.
const work = path.resolve(`.cache/failures-reporters-${process.pid}`)
const reporters = path.resolve('tests/reporters')

beforeAll(() => mkdirSync(work, { recursive: true }))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Writes FILES under a folder of its own, runs ARGS there with TEST_FAILURES_FILE set, and returns what was written. */
function run(name: string, files: Record<string, string>, args: string[]) {
  const dir = path.join(work, name)
  mkdirSync(dir, { recursive: true })
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text)
  const failures = path.join(dir, 'failures.txt')
  const result = spawnSync('npx', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, TEST_FAILURES_FILE: failures, CI: '', FORCE_COLOR: '1' },
  })
  return { status: result.status, lines: existsSync(failures) ? readFileSync(failures, 'utf8').split('\n') : [] }
}

describe('the failed-test reporters', () => {
  it('Vitest: a line per failed test with its first error line, then a file that did not load and a hook that threw', () => {
    const { status, lines } = run(
      'vitest',
      {
        'vitest.config.mjs': `export default { test: { include: ['*.test.mjs'], reporters: ['default', ${JSON.stringify(`${reporters}/vitest-failures.ts`)}] } }`,
        'a.test.mjs': `import { describe, expect, it } from 'vitest'
it('passes', () => expect(1).toBe(1))
describe('the menu', () => {
  it('opens', () => expect('closed').toBe('open'))
  it('throws', () => { throw new Error('first line\\nsecond line') })
})`,
        'b.test.mjs': `import './missing-module.mjs'`,
        'c.test.mjs': `import { beforeAll, describe, it } from 'vitest'
describe('with a server', () => {
  beforeAll(() => { throw new Error('the server did not start') })
  it('answers', () => {})
})`,
      },
      ['vitest', 'run', '--config', 'vitest.config.mjs'],
    )
    expect(status).toBe(1)
    expect(lines).toEqual([
      "a.test.mjs › the menu › opens: expected 'closed' to be 'open' // Object.is equality",
      'a.test.mjs › the menu › throws: first line',
      expect.stringMatching(/^b\.test\.mjs: .*missing-module\.mjs/),
      'c.test.mjs: the server did not start',
      '',
    ])
  })

  it('Playwright: a line per failed or timed-out test with project, file, line and titles, where a timed-out one waited, its slow calls and the page; a test that passed on a retry with its failed attempt; not a test that passed', () => {
    const { status, lines } = run(
      'playwright',
      {
        'playwright.config.mjs': `export default { testDir: '.', timeout: 1000, workers: 1, reporter: [['line'], [${JSON.stringify(`${reporters}/playwright-failures.ts`)}]], projects: [{ name: 'desktop' }] }`,
        'a.spec.mjs': `import { expect, test } from '@playwright/test'
import { fetched } from './helpers.mjs'
test('passes', () => expect(1).toBe(1))
test.describe('the menu', () => {
  test('opens', () => expect('closed').toBe('open'))
  test('waits forever', () => new Promise(() => {}))
  test('waits in a helper', ({ request }) => fetched(request))
})
test.describe('slowly', () => {
  test.afterEach(({}, testInfo) => {
    if (testInfo.status === 'timedOut') testInfo.annotations.push({ type: 'the page at the timeout', description: 'answered at /' })
  })
  test('waits long in a helper', async ({ request }) => {
    test.setTimeout(4000)
    await fetched(request)
  })
})
test.describe('once', () => {
  test.describe.configure({ retries: 1 })
  test('fails first', () => expect(test.info().retry).toBe(1))
})`,
        // A server that takes connections and never answers them.
        'helpers.mjs': `import { createServer } from 'node:net'
const silent = createServer(() => {}).listen(0, '127.0.0.1')
await new Promise((resolve) => silent.once('listening', resolve))
export async function fetched(request) {
  await request.get(\`http://127.0.0.1:\${silent.address().port}/\`)
}`,
      },
      ['playwright', 'test', '-c', 'playwright.config.mjs'],
    )
    expect(status).toBe(1)
    expect(lines).toEqual([
      expect.stringMatching(/^\[desktop\] a\.spec\.mjs:5 › the menu › opens: Error: expect\(received\)\.toBe\(expected\)/),
      expect.stringMatching(/^\[desktop\] a\.spec\.mjs:6 › the menu › waits forever: Test timeout of 1000ms exceeded\.$/),
      '[desktop] a.spec.mjs:7 › the menu › waits in a helper: Test timeout of 1000ms exceeded. (interrupted in apiRequestContext.get at helpers.mjs:5 ← a.spec.mjs:7)',
      expect.stringMatching(
        /^\[desktop\] a\.spec\.mjs:13 › slowly › waits long in a helper: Test timeout of 4000ms exceeded\. \(interrupted in apiRequestContext\.get at helpers\.mjs:5 ← a\.spec\.mjs:15; calls over 1 s: GET [1-4]\.\d s \(unfinished\); the page at the timeout: answered at \/\)$/,
      ),
      expect.stringMatching(
        /^passed on a retry: \[desktop\] a\.spec\.mjs:20 › once › fails first: Error: expect\(received\)\.toBe\(expected\)/,
      ),
      '',
    ])
  })

  it("are in the project's Vitest config and in each Playwright config `npm test` runs", () => {
    expect(readFileSync('vitest.config.ts', 'utf8')).toContain("reporters: ['default', './tests/reporters/vitest-failures.ts']")
    for (const config of ['playwright.config.ts', 'playwright.deploy.config.ts', 'playwright.wordpress.config.ts']) {
      expect(readFileSync(config, 'utf8'), config).toContain("reporter: [['list'], ['./tests/reporters/playwright-failures.ts']]")
    }
  })

  it('write nothing when TEST_FAILURES_FILE is not set, as outside `npm test`', () => {
    const dir = path.join(work, 'unset')
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'a.test.mjs'), `import { it } from 'vitest'\nit('fails', () => { throw new Error('x') })`)
    const env = { ...process.env }
    delete env.TEST_FAILURES_FILE
    const result = spawnSync('npx', ['vitest', 'run', '--root', dir, '--reporter', `${reporters}/vitest-failures.ts`], {
      cwd: dir,
      encoding: 'utf8',
      env,
    })
    expect(result.status).toBe(1)
    expect(existsSync(path.join(dir, 'failures.txt'))).toBe(false)
  })
})
