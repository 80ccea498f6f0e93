/**
 * `npm test` on a machine without Java, PHP, xmllint, Chromium or Debian's packages
 * (scripts/run-steps.sh, sourced by scripts/run.sh): the steps that need them are
 * skipped with the reason and named at the end, the run exits 0 when nothing that ran
 * failed, and with CI set a missing program fails the step instead. Runs bash with a PATH
 * that holds only bash, id, dirname, grep and rm (and, per test, a fake java), so no root is
 * needed and nothing is installed: without apt-get on PATH the ensure_* functions cannot.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let bin: string
let work: string

/** The program NAME on this machine's PATH. */
function which(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name)
    if (dir && existsSync(candidate)) return candidate
  }
  throw new Error(`${name} is not on PATH`)
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'run-steps-'))
  bin = path.join(work, 'bin')
  mkdirSync(bin)
  for (const tool of ['bash', 'id', 'dirname', 'grep', 'rm']) symlinkSync(which(tool), path.join(bin, tool))
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A `java` that prints VERSION as `java -version` does, in a folder of its own. */
function fakeJava(version: string): string {
  const dir = path.join(work, `java-${version}`)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'java')
  writeFileSync(file, `#!/bin/sh\necho 'openjdk version "${version}" 2024-01-16' >&2\n`)
  chmodSync(file, 0o755)
  return dir
}

/** What scripts/run.sh does, cut down: ensure what it can, then the steps, then finish. */
const script = `
source scripts/run-steps.sh
ensure_java; ensure_xmllint; ensure_php_tools
step "a step that needs nothing" true
step --needs java "HTML (npm run check:html)" eval ': >"$WORK/html-ran"'
needs "unit: the block markup rule, run by PHP" php || echo "vitest would leave out tests/unit/block-markup.test.ts"
step --needs chromium "e2e (playwright)" true
step --needs php_tools "WordPress: php -l and phpcs on the plugin" true
step --needs wordpress --needs chromium "WordPress 7.1.0: the contract suite and e2e" true
eval "$EXTRA"
finish
`

function run(env: Record<string, string>, extraPath: string[] = []) {
  const result = spawnSync(path.join(bin, 'bash'), ['--norc', '--noprofile', '-c', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: process.cwd(),
    encoding: 'utf8',
    // Nothing of this machine's environment: no CHROMIUM_PATH, no CI, only the PATH above.
    env: { PATH: [...extraPath, bin].join(path.delimiter), WORK: work, TMPDIR: work, EXTRA: '', ...env },
  })
  const summary = result.stdout.slice(result.stdout.indexOf('site: skipped '))
  return { ...result, summary }
}

describe('scripts/run-steps.sh on a machine without java, php, xmllint, Chromium or Debian', () => {
  it('skips what needs them with the reason, names each at the end, and exits 0', () => {
    const result = run({})
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('site: ── a step that needs nothing: passed')
    expect(result.stdout).toContain(
      'site: ── HTML (npm run check:html): skipped: needs Java 17+ (Debian: apt install default-jre-headless; macOS: brew install openjdk)',
    )
    expect(existsSync(path.join(work, 'html-ran'))).toBe(false)
    expect(result.stdout).toContain('vitest would leave out tests/unit/block-markup.test.ts')
    expect(result.summary.split('\n')).toEqual([
      'site: skipped 5 step(s) for want of a program (CI=1 fails them instead):',
      'site:   skipped: HTML (npm run check:html): needs Java 17+ (Debian: apt install default-jre-headless; macOS: brew install openjdk)',
      'site:   skipped: unit: the block markup rule, run by PHP: needs php (Debian: apt install php-cli; macOS: brew install php)',
      'site:   skipped: e2e (playwright): needs Chromium or Chrome (npx playwright install chromium; or Debian: apt install chromium; or set CHROMIUM_PATH)',
      'site:   skipped: WordPress: php -l and phpcs on the plugin: needs php (Debian: apt install php-cli; macOS: brew install php)',
      expect.stringMatching(
        /^site: {3}skipped: WordPress 7\.1\.0: the contract suite and e2e: needs Debian or Ubuntu, whose mariadb-server mariadb-client apache2 libapache2-mod-php php-cli .* the harness runs \(scripts\/wordpress\/wordpress\.sh\); needs Chromium or Chrome \(npx playwright install chromium/,
      ),
      'site: every step that ran passed',
      '',
    ])
  })

  it('in CI (CI=1, or CI=true as CI services set it) fails each of those steps instead, and exits 1', () => {
    for (const ci of ['1', 'true']) {
      const result = run({ CI: ci })
      expect(result.status).toBe(1)
      expect(result.stdout).not.toContain('skipped')
      expect(result.stderr).toContain(
        'site: ── HTML (npm run check:html): FAILED: needs Java 17+ (Debian: apt install default-jre-headless; macOS: brew install openjdk) (CI runs every step)',
      )
      expect(result.stderr).toContain('site:   failed: HTML (npm run check:html): needs Java 17+')
      expect(result.stderr).toContain('site:   failed: WordPress: php -l and phpcs on the plugin: needs php')
      expect(result.stderr).toContain('site: 5 step(s) failed')
      expect(existsSync(path.join(work, 'html-ran'))).toBe(false)
    }
  })

  it('returns 0 from a skipped step outside CI and 1 in CI, as from a step that passed or failed', () => {
    const extra = 'if step --needs java "again" true; then echo "again: 0"; else echo "again: 1"; fi'
    expect(run({ EXTRA: extra }).stdout).toContain('again: 0')
    expect(run({ EXTRA: extra, CI: '1' }).stdout).toContain('again: 1')
  })

  it('takes CI=0 and CI=false for not CI', () => {
    for (const ci of ['0', 'false']) expect(run({ CI: ci }).status).toBe(0)
  })

  it('exits 1 when a step that ran failed, naming it after the skipped ones', () => {
    const result = run({ EXTRA: 'step "a step that fails" false || true' })
    expect(result.status).toBe(1)
    expect(result.summary).toContain('site:   skipped: HTML (npm run check:html)')
    expect(result.stderr).toContain('site: ── a step that fails: FAILED after')
    expect(result.stderr).toContain('site:   failed: a step that fails\nsite: 1 step(s) failed')
  })

  it('names under each failed step the tests it failed, at most 20, and under a step that passed the tests it passed on a retry', () => {
    // What the reporters (tests/reporters/) write: a line per failed test, appended to TEST_FAILURES_FILE.
    const extra = `
note() { echo "$1" >>"$TEST_FAILURES_FILE"; }
suites() { note "contract/a.test.ts › reads: expected 1"; bash -c 'echo "[desktop] x.spec.ts:3 › opens: Timeout" >>"$TEST_FAILURES_FILE"'; return 1; }
step "e2e" bash -c 'echo "[desktop] e2e/a.spec.ts:3 › opens the menu: Error: expected visible" >>"$TEST_FAILURES_FILE"; exit 1' || true
step "a step that passes" note "passed on a retry: [phone] b.spec.ts:5 › scrolls: Test timeout" || true
step "a step that passes and names none" true || true
step "a function, as a WordPress pass is" suites || true
step "many" bash -c 'for ((i = 1; i <= 25; i++)); do echo "test $i" >>"$TEST_FAILURES_FILE"; done; exit 1' || true
step "a step that names none" false || true
`
    const result = run({ EXTRA: extra })
    expect(result.status).toBe(1)
    const summary = result.stderr.slice(result.stderr.indexOf('site:   passed with a retry: '))
    expect(summary.split('\n')).toEqual([
      'site:   passed with a retry: a step that passes',
      'site:     passed on a retry: [phone] b.spec.ts:5 › scrolls: Test timeout',
      'site:   failed: e2e',
      'site:     [desktop] e2e/a.spec.ts:3 › opens the menu: Error: expected visible',
      'site:   failed: a function, as a WordPress pass is',
      'site:     contract/a.test.ts › reads: expected 1',
      'site:     [desktop] x.spec.ts:3 › opens: Timeout',
      'site:   failed: many',
      ...Array.from({ length: 20 }, (_, index) => `site:     test ${index + 1}`),
      "site:     and 5 more (in the step's output above)",
      'site:   failed: a step that names none',
      'site: 4 step(s) failed',
      '',
    ])
    expect(existsSync(path.join(work, `site-test-failures.${result.pid}`))).toBe(false)
  })

  it('exits 0 when the only tests a step named passed on a retry, and names them', () => {
    const extra = `step "e2e" bash -c 'echo "passed on a retry: [phone] b.spec.ts:5 › scrolls: Test timeout" >>"$TEST_FAILURES_FILE"'`
    const result = run({ EXTRA: extra })
    expect(result.status).toBe(0)
    expect(result.stderr).toBe(
      'site:   passed with a retry: e2e\nsite:     passed on a retry: [phone] b.spec.ts:5 › scrolls: Test timeout\n',
    )
    expect(result.stdout).toContain('site: every step that ran passed')
  })

  it('runs the HTML check with Java 17 or later, and skips it with an older one', () => {
    const current = run({}, [fakeJava('21.0.2')])
    expect(current.stdout).toContain('site: ── HTML (npm run check:html): passed')
    expect(existsSync(path.join(work, 'html-ran'))).toBe(true)
    rmSync(path.join(work, 'html-ran'))
    const old = run({}, [fakeJava('11.0.22')])
    expect(old.stdout).toContain('site: ── HTML (npm run check:html): skipped: needs Java 17+, found Java 11 (Debian:')
    expect(existsSync(path.join(work, 'html-ran'))).toBe(false)
  })

  it('on Debian without root, names the packages the WordPress passes lack and the apt-get line for them', () => {
    const debian = path.join(work, 'debian')
    mkdirSync(debian, { recursive: true })
    // A dpkg-query that knows no package: every one the harness runs is missing.
    writeFileSync(path.join(debian, 'dpkg-query'), '#!/bin/sh\nexit 1\n')
    chmodSync(path.join(debian, 'dpkg-query'), 0o755)
    const result = run({}, [debian])
    expect(result.status).toBe(0)
    expect(result.summary).toMatch(
      /skipped: WordPress 7\.1\.0: the contract suite and e2e: needs Debian's mariadb-server mariadb-client apache2 .* \(sudo apt-get install mariadb-server mariadb-client apache2 .*; as root npm test installs them\)/,
    )
  })

  it('is what scripts/run.sh gates its steps with', () => {
    // The behaviour above only counts if run.sh asks for it: each step names what it needs.
    const runSh = readFileSync('scripts/run.sh', 'utf8')
    expect(runSh).toContain('source scripts/run-steps.sh')
    expect(runSh).toMatch(/step --needs java "HTML/)
    expect(runSh).toMatch(/step --needs chromium "e2e/)
    expect(runSh).toMatch(/step --needs chromium "deploy targets/)
    expect(runSh).toMatch(/step --needs php_tools "WordPress: php -l/)
    expect(runSh.match(/step --needs wordpress --needs chromium \\\n/g)).toHaveLength(2)
    expect(runSh).toMatch(/needs "unit: [^"]*" xmllint \|\|\n\s+vitest_without\+=/)
    expect(runSh).toMatch(/needs "unit: [^"]*" php \|\|\n\s+vitest_without\+=/)
    expect(runSh).toMatch(/needs "e2e: [^"]*" xmllint \|\| e2e_without\+=\(--grep-invert @xmllint\)/)
  })
})
