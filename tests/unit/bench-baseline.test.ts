import { describe, expect, it } from 'vitest'
import { sameInstalledPackages } from '../../scripts/bench/baseline'

const lock = (declared: Record<string, string>, installed: Record<string, string>) =>
  JSON.stringify({
    name: 'site',
    lockfileVersion: 3,
    packages: {
      '': { name: 'site', dependencies: declared },
      ...Object.fromEntries(Object.entries(installed).map(([name, version]) => [`node_modules/${name}`, { version }])),
    },
  })

describe('the load bench builds its baseline with this checkout’s node_modules, or installs its own (scripts/bench/baseline.ts)', () => {
  it('when the two lockfiles install the same packages, whatever each declares', () => {
    const installed = { '@tanstack/react-router': '1.170.46', '@tanstack/router-core': '1.171.39' }
    expect(
      sameInstalledPackages(
        lock({ '@tanstack/react-router': '^1.170.46' }, installed),
        lock({ '@tanstack/react-router': '^1.170.46', '@tanstack/router-core': '1.171.39' }, installed),
      ),
    ).toBe(true)
  })

  it('not when a package is installed at another version, or only in one of them', () => {
    const declared = { react: '^19.0.0' }
    expect(sameInstalledPackages(lock(declared, { react: '19.2.0' }), lock(declared, { react: '19.2.1' }))).toBe(false)
    expect(sameInstalledPackages(lock(declared, { react: '19.2.0' }), lock(declared, { react: '19.2.0', 'left-pad': '1.3.0' }))).toBe(false)
  })
})
