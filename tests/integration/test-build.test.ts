/**
 * A build of its own, for what the site's usual build cannot show: a copy of the project
 * with one more line in app/config/site.ts (another routed locale: one line is all it takes),
 * built with `VITE_TEST_FAULTS=error-screen` (the error screen throws as it renders:
 * components/error-screen.tsx), and served.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server'

const root = process.cwd()
const copy = mkdtempSync(path.join(tmpdir(), 'site-test-build-'))
const PORT = Number(process.env.TEST_BUILD_PORT ?? 4390)

const origin = `http://127.0.0.1:${PORT}`
let server: TestServer | undefined

beforeAll(async () => {
  for (const entry of [
    'app',
    'cms',
    'content',
    'messages',
    'project.inlang',
    'public',
    'package.json',
    'tsconfig.json',
    'vite.config.ts',
    // What vite.config.ts imports: its plugins (every scripts/vite-*.ts, so a new one is not
    // forgotten here) and the deploy targets.
    ...readdirSync(path.join(root, 'scripts'))
      .filter((name) => name.startsWith('vite-') && name.endsWith('.ts'))
      .map((name) => `scripts/${name}`),
    'scripts/font-subsets.ts',
    'scripts/chunks',
    'scripts/deploy',
    'tailwind.config.ts',
    'paraglide.options.ts',
  ]) {
    mkdirSync(path.dirname(path.join(copy, entry)), { recursive: true })
    cpSync(path.join(root, entry), path.join(copy, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}paraglide${path.sep}`) && !source.endsWith('routeTree.gen.ts'),
    })
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'))
  const siteConfigFile = path.join(copy, 'app/config/site.ts')
  const config = readFileSync(siteConfigFile, 'utf8')
  const line = "export const routedLocales = ['en', 'de'] as const"
  if (!config.includes(line)) throw new Error(`app/config/site.ts no longer has the line this test edits: ${line}`)
  writeFileSync(siteConfigFile, config.replace(line, "export const routedLocales = ['en', 'de', 'fr'] as const"))

  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build'], {
    cwd: copy,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production', VITE_TEST_FAULTS: 'error-screen' },
  })

  server = await startTestServer({
    command: process.execPath,
    args: ['.output/server/index.mjs'],
    cwd: copy,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', CMS_DATABASE_URL: 'file:data/test.db' },
    readyUrl: `${origin}/favicon.svg`,
  })
}, 240_000)

afterAll(async () => {
  await server?.stop()
  rmSync(copy, { recursive: true, force: true })
})

describe('a third routed locale', () => {
  it('works after adding it to routedLocales in app/config/site.ts', async () => {
    const fr = await fetch(`${origin}/fr/about`)
    expect(fr.status).toBe(200)
    const html = await fr.text()
    expect(html).toContain('<html lang="fr"')
    expect(html).toContain('Aller au contenu principal')
    expect(html).toContain('hrefLang="fr"')
    const de = await fetch(`${origin}/de/about`)
    expect(de.status).toBe(200)
    expect(await (await fetch(`${origin}/about`)).text()).toContain('<html lang="en"')
  })
})

describe('an error screen that fails itself (requirements §2)', () => {
  it("answers the fallback text with a link home, in the visitor's language, never the framework's error or a stack", async () => {
    for (const [path, text, home] of [
      ['/no-such-page', 'An error occurred while showing the error page', '/'],
      ['/de/no-such-page', 'Beim Anzeigen der Fehlerseite ist ein Fehler aufgetreten', '/de'],
    ] as const) {
      const response = await fetch(`${origin}${path}`)
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
      const html = await response.text()
      expect(html).toContain(`<p role="alert">${text}</p>`)
      expect(html).toContain(`<a href="${home}">`)
      expect(html).not.toMatch(/fault of this test build|\bat \w+ \(|"unhandled"/)
    }
  })

  it('leaves pages that render alone', async () => {
    const response = await fetch(`${origin}/about`)
    expect(response.status).toBe(200)
    expect(await response.text()).not.toContain('An error occurred while showing the error page')
  })
})

describe("the server's React (docs/decisions/063)", () => {
  it('writes the page markup in pieces: the build has the patch of scripts/vite-react-string-pieces-plugin.ts', () => {
    const serverFiles = readdirSync(path.join(copy, '.output/server'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.mjs'),
    )
    const renderers = serverFiles
      .map((name) => readFileSync(path.join(copy, '.output/server', name), 'utf8'))
      .filter((code) => code.includes('function renderToStringImpl('))
    expect(renderers).toHaveLength(1)
    expect(renderers[0]).toMatch(/null !== pieces \? pieces\.push\(chunk\)/)
  })
})
