/**
 * Paraglide's compiler options, shared by the Vite plugin (dev and build) and
 * scripts/compile-messages.ts (before tests). The URL decides the locale: the default
 * locale has no prefix, every other routed locale lives under `/{locale}` (requirements §2).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { defaultLocale, routedLocales } from './app/config/site.ts'

const prefixed = routedLocales.filter((locale) => locale !== defaultLocale)

/**
 * What is compiled: the routed locales only. Every catalog of requirements §9 stays in messages/
 * and in project.inlang (the editor's project), but a visitor can only reach a routed
 * locale, and each compiled message carries every locale it is compiled for: twelve where
 * two are reachable would multiply the messages every page loads. This derived project
 * lists the routed locales and reads the same catalogs; enabling a locale in
 * app/config/site.ts compiles it too.
 */
function routedProject(): string {
  const dir = '.cache/paraglide/project.inlang'
  const settings = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8')) as Record<string, unknown> & {
    modules: string[]
    'plugin.inlang.messageFormat': { pathPattern: string }
  }
  // Paths in settings.json are relative to the folder that holds the project.
  const fromCache = (relative: string) => relative.replace(/^\.\//, '../../')
  const derived = JSON.stringify(
    {
      ...settings,
      locales: [...routedLocales],
      modules: settings.modules.map(fromCache),
      'plugin.inlang.messageFormat': {
        ...settings['plugin.inlang.messageFormat'],
        pathPattern: fromCache(settings['plugin.inlang.messageFormat'].pathPattern),
      },
    },
    null,
    2,
  )
  mkdirSync(dir, { recursive: true })
  let current = ''
  try {
    current = readFileSync(`${dir}/settings.json`, 'utf8')
  } catch {
    // first run
  }
  if (current !== derived) writeFileSync(`${dir}/settings.json`, derived)
  return `./${dir}`
}

export const paraglideOptions = {
  project: routedProject(),
  outdir: './app/paraglide',
  outputStructure: 'message-modules' as const,
  strategy: ['url', 'baseLocale'] as ['url', 'baseLocale'],
  urlPatterns: [
    {
      pattern: '/:path(.*)?',
      // Prefixed locales first: the default locale's pattern matches every path.
      localized: [
        ...prefixed.map((locale) => [locale, `/${locale}/:path(.*)?`] as [string, string]),
        [defaultLocale, '/:path(.*)?'] as [string, string],
      ],
    },
  ],
}
