/**
 * `npm run check:html`: the Nu HTML Checker (vnu-jar, Java 17+) over the server HTML of
 * every page type, in every routed locale. Needs the production build (`npm run build`).
 *
 * It starts `.output/server/index.mjs` on 127.0.0.1:$HTML_CHECK_PORT (default 4320) over
 * the embedded CMS (database and uploads under `.cache/html-check/`, every tag configured
 * as in the e2e tests), in its own process group, which it ends when done. Each page is
 * fetched as a first visit (no cookies, so the consent banner is in the HTML) and must
 * answer its expected status; the HTML goes to `.cache/html-check/pages/` and vnu checks
 * all of it in one run. Every error is printed with its page and line and fails the check;
 * warnings are printed and do not.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { defaultLocale, type Locale, routedLocales } from '../app/config/site'
import { startBuiltSite, type BuiltSite } from '../tests/support/built-site'

const root = fileURLToPath(new URL('..', import.meta.url))
const workDir = join(root, '.cache', 'html-check')
const pagesDir = join(workDir, 'pages')
const serverEntry = join(root, '.output', 'server', 'index.mjs')
const PORT = Number(process.env.HTML_CHECK_PORT ?? 4320)

/** One URL per page type (paths without the locale prefix, or one per locale), and the status each must answer. */
const pageTypes: Array<{ name: string; path: string | Record<Locale, string>; status?: number }> = [
  { name: 'home', path: '/' },
  { name: 'page', path: '/about' },
  { name: 'service', path: '/services/cyber-security' },
  { name: 'landing', path: '/landing/managed-it-support' },
  { name: 'blog', path: '/blog' },
  { name: 'category', path: '/blog/category/guides' },
  { name: 'tag', path: '/blog/tag/microsoft-365' },
  { name: 'article', path: '/blog/moving-an-architecture-practice-to-the-cloud' },
  { name: 'search', path: '/?s=backup' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'reset-password', path: '/reset-password' },
  { name: 'contact', path: '/contact' },
  { name: 'not-found', path: '/no-such-page', status: 404 },
  // A content type's paths are the site's per locale (decision 029).
  { name: 'case studies', path: { en: '/case-studies', de: '/fallstudien' } },
  {
    name: 'case study',
    path: { en: '/case-studies/northgate-logistics-microsoft-365-migration', de: '/fallstudien/northgate-logistics-umzug-microsoft-365' },
  },
]

const localized = (path: string, locale: Locale) =>
  locale === defaultLocale ? path : path === '/' ? `/${locale}` : path.startsWith('/?') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`

let site: BuiltSite | undefined

async function startServer(): Promise<BuiltSite> {
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(pagesDir, { recursive: true })
  // As playwright.config.ts's serverEnv: production, the embedded CMS, every tag configured.
  site = await startBuiltSite({
    dataDir: workDir,
    port: PORT,
    startTimeoutMs: 60_000,
    env: {
      PREVIEW_SECRET: 'html-check-preview-secret-0123456789abcdef',
      GTM_ID: 'GTM-TEST123',
      GA_MEASUREMENT_ID: 'G-TEST12345',
      ADS_CONVERSION_ID: 'AW-123456789',
      SESSION_RECORDING_ID: 'abcdef1234',
    },
  })
  return site
}

/** vnu's JSON report (https://github.com/validator/validator/wiki/Output-»-JSON). */
const vnuReport = z.object({
  messages: z.array(
    z.object({
      type: z.string(),
      subType: z.string().optional(),
      url: z.string().optional(),
      message: z.string(),
      lastLine: z.number().optional(),
      firstColumn: z.number().optional(),
      extract: z.string().optional(),
    }),
  ),
})
type VnuMessage = z.infer<typeof vnuReport>['messages'][number]

/**
 * What the checker reports against the current HTML standard, which allows it: `blocking`
 * on a `<link rel="expect">` (the standard's render-blocking link, app/routes/__root.tsx;
 * vnu knows `blocking` only on stylesheets). Matched on the message and the markup both,
 * so the same message about any other link still fails.
 */
function behindTheStandard(message: VnuMessage): boolean {
  return (
    message.message.startsWith('A “link” element with a “blocking” attribute must have a “rel” attribute') &&
    /<link rel="expect" href="#main" blocking="render"( nonce="[^"]*")?\/?>/.test(message.extract ?? '')
  )
}

function runVnu(files: string[]): VnuMessage[] {
  const jar = join(createRequire(import.meta.url).resolve('vnu-jar/package.json'), '..', 'build', 'dist', 'vnu.jar')
  const result = spawnSync('java', ['-jar', jar, '--format', 'json', '--stdout', '--exit-zero-always', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.error) throw new Error(`cannot run java (${result.error.message}); install a Java 17+ runtime (Debian: default-jre-headless)`)
  if (result.status !== 0) throw new Error(`vnu failed (exit ${result.status}):\n${result.stderr}`)
  const parsed = vnuReport.safeParse(JSON.parse(result.stdout))
  if (!parsed.success) throw new Error(`vnu answered something else than its JSON report:\n${result.stdout.slice(0, 500)}`)
  return parsed.data.messages
}

async function main() {
  const started = performance.now()
  if (!existsSync(serverEntry)) {
    console.error('check:html: no production build; run `npm run build` first')
    process.exit(1)
  }
  const { origin } = await startServer()
  const pages = new Map<string, string>()
  const problems: string[] = []
  for (const locale of routedLocales) {
    for (const type of pageTypes) {
      const path = localized(typeof type.path === 'string' ? type.path : type.path[locale], locale)
      const response = await fetch(`${origin}${path}`, {
        redirect: 'manual',
        headers: { accept: 'text/html', 'sec-fetch-dest': 'document' },
      })
      const html = await response.text()
      const expected = type.status ?? 200
      if (response.status !== expected) {
        problems.push(`${path} (${type.name}, ${locale}) answered ${response.status}, expected ${expected}`)
        continue
      }
      const file = join(pagesDir, `${locale}-${type.name}.html`)
      writeFileSync(file, html)
      pages.set(`file:${file}`, `${path} (${type.name}, ${locale})`)
    }
  }
  await site?.stop()

  const messages = runVnu([...pages.keys()].map((url) => url.slice('file:'.length)))
  const pageOf = (message: VnuMessage) => (message.url ? (pages.get(message.url) ?? message.url) : 'vnu')
  const errors = messages.filter((message) => message.type !== 'info' && !behindTheStandard(message))
  const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning')
  const show = (message: VnuMessage) => {
    const where = message.lastLine ? `:${message.lastLine}${message.firstColumn ? `:${message.firstColumn}` : ''}` : ''
    const extract = message.extract ? `\n      ${message.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}` : ''
    return `  - ${pageOf(message)}${where}: ${message.message}${extract}`
  }
  if (warnings.length > 0) console.log(`\nwarnings (not failing): ${warnings.length}\n${warnings.map(show).join('\n')}`)
  if (problems.length > 0)
    console.error(`\npages that did not answer as expected: ${problems.length}\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  if (errors.length > 0) console.error(`\nerrors: ${errors.length}\n${errors.map(show).join('\n')}`)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const summary = `${pages.size} pages (${pageTypes.length} types × ${routedLocales.length} locales), ${errors.length} errors, ${warnings.length} warnings, ${seconds} s`
  if (errors.length > 0 || problems.length > 0) {
    console.error(`\ncheck:html: failed: ${summary}`)
    process.exitCode = 1
  } else console.log(`check:html: ${summary}`)
}

main().catch((error: unknown) => {
  console.error(`check:html: ${error instanceof Error ? error.message : String(error)}`)
  // Exiting ends the server's process group too (tests/support/test-server.ts).
  process.exit(1)
})
