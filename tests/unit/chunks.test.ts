import { describe, expect, it } from 'vitest'
import { differences, missingStringLanguages, unroutedStringLocales } from '../../scripts/chunks/check'
import { reactAriaStringLocale } from '../../scripts/chunks/chunk-map-plugin'
import { chunkGroups, inGroup, repositoryPath, rolldownGroups } from '../../scripts/chunks/groups'

describe('the browser chunks follow folders (scripts/chunks/groups.ts)', () => {
  const shell = chunkGroups.find((group) => group.name === 'shell')!

  it('a folder takes its direct files, not those of its subfolders', () => {
    expect(inGroup(shell, 'app/ui/island.tsx')).toBe(true)
    expect(inGroup(shell, 'app/ui/aria/Button.tsx')).toBe(false)
    expect(inGroup(shell, 'app/components/shell/top-bar.tsx')).toBe(true)
    expect(inGroup(shell, 'app/components/shell/overlays/search-dialog.tsx')).toBe(false)
  })

  it('Rolldown gets the same rule for module ids, with queries and outside the repository', () => {
    const test = rolldownGroups('/repo').find((group) => group.name === 'shell')!.test
    expect(test('/repo/app/ui/icons.tsx')).toBe(true)
    expect(test('/repo/app/ui/icons.tsx?tsr-split=component')).toBe(true)
    expect(test('/elsewhere/app/ui/icons.tsx')).toBe(false)
    const zod = rolldownGroups('/repo').find((group) => group.name === 'zod')!.test
    expect(zod('/repo/node_modules/zod/v4/classic/schemas.js')).toBe(true)
    expect(test('/repo/node_modules/zod/v4/classic/schemas.js')).toBe(false)
    expect(repositoryPath('/repo/cms/index.ts', '/repo/')).toBe('cms/index.ts')
  })
})

describe('npm run check:chunks', () => {
  it('names a module that moved to another chunk, a new one and a missing one', () => {
    const expected = { shell: ['app/ui/icons.tsx', 'app/ui/island.tsx'], hero: ['app/sections/hero/hero.tsx'] }
    const actual = { shell: ['app/ui/icons.tsx'], index: ['app/ui/island.tsx', 'app/router.tsx'] }
    expect(differences(actual, expected)).toEqual([
      'app/router.tsx: new, in chunk index',
      'app/ui/island.tsx: in chunk index, expected shell',
      "app/sections/hero/hero.tsx: expected in chunk hero, not in the browser's build",
    ])
    expect(differences(expected, expected)).toEqual([])
  })
})

describe('React Aria’s strings in the browser’s chunks (check:chunks, docs/decisions/071)', () => {
  it('names the locale of each of React Aria’s string modules, and nothing else', () => {
    expect(reactAriaStringLocale('/repo/node_modules/react-aria/dist/private/intl/datepicker/ar-AE.mjs')).toBe('ar-AE')
    expect(reactAriaStringLocale('C:\\repo\\node_modules\\react-aria\\dist\\private\\intl\\overlays\\de-DE.mjs')).toBe('de-DE')
    // What vite.config.ts's optimizeLocales puts in an unrouted locale's place, and React Aria's other modules.
    expect(reactAriaStringLocale('/repo/node_modules/@react-aria/optimize-locales-plugin/empty.js')).toBeNull()
    expect(reactAriaStringLocale('/repo/node_modules/react-aria/dist/private/intl/datepicker/intlStrings.mjs')).toBeNull()
  })

  it('finds the locales whose language the site does not route, whatever their region', () => {
    expect(unroutedStringLocales(['de-DE', 'en-US'], ['en', 'de'])).toEqual([])
    expect(unroutedStringLocales(['ar-AE', 'de-DE', 'en-US', 'fr-FR'], ['en', 'de'])).toEqual(['ar-AE', 'fr-FR'])
    expect(unroutedStringLocales(['fr-FR', 'pt-BR', 'pt-PT'], ['en', 'pt'])).toEqual(['fr-FR'])
  })

  it('finds a routed language whose strings are missing, unless React Aria has none for it', () => {
    const published = ['de-DE', 'en-US', 'fr-FR', 'nb-NO']
    expect(missingStringLanguages(['de-DE', 'en-US'], ['en', 'de'], published)).toEqual([])
    expect(missingStringLanguages(['en-US'], ['en', 'de'], published)).toEqual(['de'])
    // Norwegian is routed as `no`; React Aria's strings are `nb-NO`, which it never looks up for `no`.
    expect(missingStringLanguages(['en-US'], ['en', 'no'], published)).toEqual([])
  })
})
