import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { nativeFamilies, TARGETS, variantFor, variantNames } from '../../scripts/native-bindings.mjs'

interface Family {
  name: string
  targets: { target: { os: string; cpu: string }; variant?: string; version?: string; locked: boolean }[]
}

const oxide = [
  '@tailwindcss/oxide-android-arm64',
  '@tailwindcss/oxide-darwin-arm64',
  '@tailwindcss/oxide-darwin-x64',
  '@tailwindcss/oxide-freebsd-x64',
  '@tailwindcss/oxide-linux-arm-gnueabihf',
  '@tailwindcss/oxide-linux-arm64-gnu',
  '@tailwindcss/oxide-linux-arm64-musl',
  '@tailwindcss/oxide-linux-x64-gnu',
  '@tailwindcss/oxide-linux-x64-musl',
  '@tailwindcss/oxide-wasm32-wasi',
  '@tailwindcss/oxide-win32-arm64-msvc',
  '@tailwindcss/oxide-win32-x64-msvc',
]

describe('native bindings: which variant a platform installs', () => {
  it('picks by os and cpu, glibc before musl, and arm64 never matches arm', () => {
    expect(variantFor(oxide, { os: 'darwin', cpu: 'arm64' })).toBe('@tailwindcss/oxide-darwin-arm64')
    expect(variantFor(oxide, { os: 'linux', cpu: 'x64', libc: 'glibc' })).toBe('@tailwindcss/oxide-linux-x64-gnu')
    expect(variantFor(oxide, { os: 'linux', cpu: 'x64', libc: 'musl' })).toBe('@tailwindcss/oxide-linux-x64-musl')
    expect(variantFor(oxide, { os: 'linux', cpu: 'arm', libc: 'glibc' })).toBe('@tailwindcss/oxide-linux-arm-gnueabihf')
    expect(variantFor(oxide, { os: 'win32', cpu: 'x64' })).toBe('@tailwindcss/oxide-win32-x64-msvc')
    expect(variantFor(['esbuild-win32-x64-gnu', 'esbuild-win32-x64-msvc'], { os: 'win32', cpu: 'x64' })).toBe('esbuild-win32-x64-msvc')
    expect(variantFor(['@lix-js/sdk-darwin-arm64', '@lix-js/sdk-linux-x64'], { os: 'darwin', cpu: 'x64' })).toBe(undefined)
  })

  it('counts only names that say an operating system as variants (fsevents is an extra, not a set)', () => {
    expect(variantNames({ fsevents: '~2.3.3' })).toEqual([])
    expect(variantNames({ '@colors/colors': '1.5.0' })).toEqual([])
    expect(variantNames({ '@esbuild/darwin-arm64': '0.28.2', '@esbuild/aix-ppc64': '0.28.2' })).toEqual(['@esbuild/darwin-arm64'])
  })
})

describe('native bindings: the lockfile', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
  const families = nativeFamilies(lock) as Family[]

  it('finds the packages that ship a binding per platform, Tailwind among them', () => {
    const names = families.map((family) => family.name)
    for (const name of ['@tailwindcss/oxide', 'libsql', 'lightningcss', 'esbuild']) expect(names).toContain(name)
  })

  it('gives every such package an exact-version variant for every target where it ships one', () => {
    for (const family of families) {
      for (const entry of family.targets) {
        if (!entry.variant) continue
        expect(entry.version, `${family.name} → ${entry.variant}`).toMatch(/^\d+\.\d+\.\d+/)
      }
    }
    const oxideFamily = families.find((family) => family.name === '@tailwindcss/oxide')!
    expect(oxideFamily.targets.map((entry) => entry.variant)).toEqual(
      TARGETS.map(
        (target: { os: string; cpu: string }) =>
          `@tailwindcss/oxide-${target.os}-${target.cpu}${target.os === 'linux' ? '-gnu' : target.os === 'win32' ? '-msvc' : ''}`,
      ),
    )
  })

  it('installs missing variants through npm postinstall', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts
    expect(scripts.postinstall).toBe('node scripts/native-bindings.mjs fix')
  })
})
