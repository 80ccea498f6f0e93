/**
 * The baseline of the load bench's cache-miss targets (load.ts): the site as it was before
 * the speed work began, built from its commit and measured in the same run as the build
 * under test. A render's rate is CPU-bound and moves with the machine (this one gave 148
 * and 224 req/s for one build on two days), and nginx's rate, which it was once compared
 * with, moves differently (mostly the kernel's work): only the old build, measured beside
 * the new one, says what the work bought.
 *
 * `BENCH_BASELINE`: the commit to compare with (a ref or hash; default BASELINE_COMMIT), or
 * `off`. Its build is made once, without prerendering, in `.cache/bench/baseline/<commit>/`
 * from `git archive`. While the two lockfiles install the same packages it uses this
 * checkout's node_modules, so the baseline differs from the build under test by its own code
 * alone. Once they differ (decision 045 removed TanStack Query), it installs its own from its
 * lockfile (`npm install`, which honours it): what the packages cost is then part of what the
 * work bought.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { benchDir, root } from './server'

/** The last commit before the speed work (cached-page replay, kept form markup, heap limits). */
const BASELINE_COMMIT = 'd5aea02'

type Baseline = { commit: string; checkout: string } | { commit: string | null; unavailable: string }

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 }).trim()
}

/**
 * Whether two lockfiles install the same packages: every `node_modules/…` entry alike. The
 * root entry, which only lists what the project declares, may differ (a package declared
 * directly that was already installed for another one, as decision 038 did).
 */
export function sameInstalledPackages(lockA: string, lockB: string): boolean {
  const installed = (lock: string) => {
    const { packages = {} } = JSON.parse(lock) as { packages?: Record<string, unknown> }
    return JSON.stringify(Object.entries(packages).filter(([path]) => path !== ''))
  }
  return installed(lockA) === installed(lockB)
}

/** The baseline's checkout with its build, made when missing; or why there is none. */
export function prepareBaseline(): Baseline {
  const wanted = process.env.BENCH_BASELINE?.trim() || BASELINE_COMMIT
  if (wanted === 'off') return { commit: null, unavailable: 'BENCH_BASELINE=off' }
  let commit: string
  try {
    commit = git(['rev-parse', '--verify', '--short=12', `${wanted}^{commit}`])
  } catch {
    return { commit: null, unavailable: `commit ${wanted} is not in this clone (a shallow clone? git fetch --unshallow)` }
  }
  const theirs = git(['show', `${commit}:package-lock.json`])
  const ownPackages = !sameInstalledPackages(theirs, readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const checkout = join(benchDir, 'baseline', commit)
  // Written last: a build that was interrupted has none, and is made again.
  const built = join(checkout, '.bench-baseline-built')
  if (existsSync(built)) return { commit, checkout }

  rmSync(checkout, { recursive: true, force: true })
  mkdirSync(checkout, { recursive: true })
  const tarball = `${checkout}.tar`
  try {
    execFileSync('git', ['archive', '--format=tar', '-o', tarball, commit], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
    execFileSync('tar', ['-xf', tarball, '-C', checkout], { stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (error) {
    return {
      commit,
      unavailable: `its files could not be taken from git (${String((error as { stderr?: Buffer }).stderr ?? error).trim()})`,
    }
  } finally {
    rmSync(tarball, { force: true })
  }
  if (!ownPackages) symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'))
  const log = join(benchDir, 'baseline', `${commit}-build.log`)
  process.stdout.write(`bench: building the baseline ${commit}${ownPackages ? ' with its own packages' : ''} (once; log in ${log}) … `)
  // This process's Node first: the baseline's own scripts would fetch theirs (scripts/node-env.sh).
  const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, SKIP_PRERENDER: '1' }
  const output = openSync(log, 'w')
  try {
    for (const step of [
      // `npm ci` refuses a lockfile without every platform's optional binaries; `npm install` keeps to it.
      ...(ownPackages ? [['npm', 'install', '--no-audit', '--no-fund']] : []),
      ['npx', 'tsx', 'scripts/compile-messages.ts'],
      ['npm', 'run', '--silent', 'build'],
    ]) {
      const run = spawnSync(step[0]!, step.slice(1), { cwd: checkout, env, stdio: ['ignore', output, output] })
      if (run.status !== 0) {
        console.log('failed')
        return { commit, unavailable: `its build failed (${step.join(' ')}; see ${log})` }
      }
    }
  } finally {
    closeSync(output)
  }
  writeFileSync(built, `${new Date().toISOString()}\n`)
  console.log('done')
  return { commit, checkout }
}
