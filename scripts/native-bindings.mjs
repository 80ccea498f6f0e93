// Native bindings for every platform, whatever the lockfile was written on.
//
// Packages such as Tailwind's oxide, libSQL, Rolldown and Lightning CSS ship one npm
// package per platform and list them all as optionalDependencies. npm records in the
// lockfile only the variants the registry answered for when the lockfile was written, and
// a later `npm install` from that lockfile does not add a missing one (npm/cli#4828): a
// lockfile written on Linux can leave macOS or Windows without Tailwind's binding, and
// the build then stops with "Cannot find native binding".
//
//   node scripts/native-bindings.mjs fix     (npm's postinstall) installs the current
//       platform's variant of every such package when the lockfile did not bring it, at
//       the exact version its parent asks for, without touching package.json or the lock.
//   node scripts/native-bindings.mjs check   (CI) lists, per package, which platforms the
//       lockfile covers and which the install step covers, and fails when a supported
//       platform would be left without its binding.
//
// Plain JavaScript on purpose: it runs on a fresh machine before anything is compiled.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))

/** The platforms a contributor or a deployment may install on. */
export const TARGETS = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'win32', cpu: 'x64' },
]
const OS_NAMES = ['darwin', 'linux', 'win32']

/** A name part, matched between separators: `arm64` must not match `arm`, nor `x64` `x64-musl`'s libc. */
const hasPart = (name, part) => new RegExp(`(^|[-/_.])${part}($|[-/_.])`).test(name)

/**
 * The platform variants among a package's optional dependencies: those whose name says
 * an operating system. (fsevents, say, is a darwin-only extra, not a set of variants.)
 */
export function variantNames(optionalDependencies) {
  return Object.keys(optionalDependencies ?? {}).filter((name) => OS_NAMES.some((os) => hasPart(name, os)))
}

/**
 * The variant a platform installs, by name: its os and cpu; on Linux the glibc build
 * ahead of musl (or the musl one on musl); on Windows MSVC ahead of GNU. Undefined when
 * the package has no build for that platform.
 */
export function variantFor(names, target) {
  const candidates = names.filter((name) => hasPart(name, target.os) && hasPart(name, target.cpu))
  if (candidates.length <= 1) return candidates[0]
  const rank = (name) => {
    if (target.os === 'linux') {
      const musl = hasPart(name, 'musl') || hasPart(name, 'musleabihf')
      return target.libc === 'musl' ? (musl ? 0 : 1) : musl ? 1 : 0
    }
    if (target.os === 'win32') return hasPart(name, 'msvc') ? 0 : 1
    return 0
  }
  return [...candidates].sort((a, b) => rank(a) - rank(b))[0]
}

/** Where a package at lockfile path `from` finds `name`: its own node_modules, then each ancestor's. */
function lockedPath(packages, from, name) {
  let dir = from
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!dir) return undefined
    const cut = dir.lastIndexOf('/node_modules/')
    dir = cut === -1 ? '' : dir.slice(0, cut)
  }
}

/** Every package in the lockfile that has platform variants, with what the lockfile holds of them. */
export function nativeFamilies(lock) {
  const packages = lock.packages ?? {}
  const families = []
  for (const [path, entry] of Object.entries(packages)) {
    if (!path) continue
    const names = variantNames(entry.optionalDependencies)
    if (names.length === 0) continue
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const targets = TARGETS.map((target) => {
      const variant = variantFor(names, target)
      if (!variant) return { target, variant: undefined, locked: false, version: undefined }
      const version = entry.optionalDependencies[variant]
      const at = lockedPath(packages, path, variant)
      return { target, variant, version, locked: Boolean(at && packages[at].version === version) }
    })
    families.push({ path, name, version: entry.version, dev: Boolean(entry.dev), targets })
  }
  return families
}

const isExactVersion = (spec) => /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec ?? '')

function currentTarget() {
  const header = process.report?.getReport?.().header
  const libc = process.platform === 'linux' ? (header?.glibcVersionRuntime ? 'glibc' : 'musl') : undefined
  return { os: process.platform, cpu: process.arch, libc }
}

function readLock() {
  return JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
}

/** Is `name` resolvable, at `version`, from the package installed at lockfile path `from`? */
function installed(from, name, version) {
  const base = join(root, from, 'package.json')
  if (!existsSync(base)) return true // the parent itself is not installed here (an optional or dev-only tree)
  try {
    const found = packageJsonFrom(join(root, from), name) ?? createRequire(base).resolve(`${name}/package.json`)
    return JSON.parse(readFileSync(found, 'utf8')).version === version
  } catch {
    return false
  }
}

/**
 * A package's package.json as Node's lookup finds it from a directory (its node_modules,
 * then each parent's). Read by path: a package whose `exports` leaves out `./package.json`
 * (@img/sharp-libvips-*) cannot be resolved by require.
 */
function packageJsonFrom(dir, name) {
  for (let current = dir; ; current = dirname(current)) {
    const candidate = join(current, 'node_modules', name, 'package.json')
    if (existsSync(candidate)) return candidate
    if (dirname(current) === current) return null
  }
}

function fix() {
  if (process.env.SITE_NATIVE_BINDINGS_RUNNING) return // the nested npm install below
  const target = currentTarget()
  const missing = new Map()
  for (const family of nativeFamilies(readLock())) {
    const variant = variantFor(family.targets.map((entry) => entry.variant).filter(Boolean), target)
    if (!variant) continue
    const { version } = family.targets.find((entry) => entry.variant === variant)
    if (!isExactVersion(version) || installed(family.path, variant, version)) continue
    if (family.path.split('node_modules/').length > 2) {
      console.warn(
        `native-bindings: ${family.name}@${family.version} (nested at ${family.path}) lacks ${variant}@${version}; install it by hand`,
      )
      continue
    }
    missing.set(variant, version)
  }
  if (missing.size === 0) return
  const specs = [...missing].map(([name, version]) => `${name}@${version}`)
  console.log(`native-bindings: the lockfile lacks this platform's binding; installing ${specs.join(', ')}`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  execFileSync(npm, ['install', '--no-save', '--no-audit', '--no-fund', ...specs], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, SITE_NATIVE_BINDINGS_RUNNING: '1' },
  })
}

function check() {
  const label = (target) => [target.os, target.cpu].join('-')
  const problems = []
  const rows = []
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {}
  if (!/native-bindings\.mjs fix/.test(scripts.postinstall ?? '')) {
    problems.push('package.json has no postinstall running `node scripts/native-bindings.mjs fix`')
  }
  for (const family of nativeFamilies(readLock())) {
    const cells = family.targets.map((entry) => {
      if (!entry.variant) return `${label(entry.target)}: none`
      if (entry.locked) return `${label(entry.target)}: locked`
      if (!isExactVersion(entry.version)) {
        problems.push(`${family.name}: ${entry.variant} is not locked and its version "${entry.version}" is a range`)
        return `${label(entry.target)}: MISSING`
      }
      if (family.path.split('node_modules/').length > 2) {
        problems.push(`${family.name} (nested at ${family.path}): ${entry.variant} is not locked and nested`)
        return `${label(entry.target)}: MISSING`
      }
      return `${label(entry.target)}: at install`
    })
    const supported = new Set(family.targets.filter((entry) => entry.variant).map((entry) => entry.target.os))
    for (const os of OS_NAMES) {
      if (!supported.has(os)) rows.push(`  note: ${family.name} has no ${os} build at all`)
    }
    rows.push(`${family.name}@${family.version}${family.dev ? ' (dev)' : ''}\n  ${cells.join(' · ')}`)
  }
  const here = currentTarget()
  for (const family of nativeFamilies(readLock())) {
    const variant = variantFor(family.targets.map((entry) => entry.variant).filter(Boolean), here)
    const entry = family.targets.find((item) => item.variant === variant)
    if (variant && entry && !installed(family.path, variant, entry.version)) {
      problems.push(`${family.name}: ${variant}@${entry.version} is not installed on this machine`)
    }
  }
  console.log(rows.join('\n'))
  if (problems.length > 0) {
    console.error(`native-bindings: ${problems.length} problem(s):\n- ${problems.join('\n- ')}`)
    process.exit(1)
  }
  console.log('native-bindings: every native package has a binding for darwin, linux and win32 where it ships one')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2]
  if (mode === 'fix') fix()
  else if (mode === 'check') check()
  else {
    console.error('usage: node scripts/native-bindings.mjs fix|check')
    process.exit(2)
  }
}
