/**
 * Paraglide's compiler options, shared by the Vite plugin (dev and build) and
 * scripts/compile-messages.ts (before tests). The URL decides the locale: the default
 * locale has no prefix, every other routed locale lives under `/{locale}` (SPEC §2).
 */
import { defaultLocale, routedLocales } from './app.config.ts'

const prefixed = routedLocales.filter((locale) => locale !== defaultLocale)

export const paraglideOptions = {
  project: './project.inlang',
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
