/**
 * Enabling another locale is one line in app.config.ts: this test makes that change in a
 * copy of the project, builds it, and serves `/fr/...` from the build.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../support/test-server'

const root = process.cwd()
const copy = mkdtempSync(path.join(tmpdir(), 'site-third-locale-'))
const PORT = Number(process.env.THIRD_LOCALE_PORT ?? 4390)

afterAll(() => rmSync(copy, { recursive: true, force: true }))

describe('a third routed locale', () => {
  it('works after adding it to routedLocales in app.config.ts', { timeout: 180_000 }, async () => {
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
      // What vite.config.ts imports: its plugins and the deploy targets.
      'scripts/vite-base64-plugin.ts',
      'scripts/vite-dev-first-run-plugin.ts',
      'scripts/vite-server-fn-fetcher-plugin.ts',
      'scripts/deploy',
      'tailwind.config.ts',
      'paraglide.options.ts',
      'app.config.ts',
    ]) {
      mkdirSync(path.dirname(path.join(copy, entry)), { recursive: true })
      cpSync(path.join(root, entry), path.join(copy, entry), {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}paraglide${path.sep}`) && !source.endsWith('routeTree.gen.ts'),
      })
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'))
    const config = readFileSync(path.join(copy, 'app.config.ts'), 'utf8')
    const line = "export const routedLocales = ['en', 'de'] as const"
    expect(config).toContain(line)
    writeFileSync(path.join(copy, 'app.config.ts'), config.replace(line, "export const routedLocales = ['en', 'de', 'fr'] as const"))

    execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build'], {
      cwd: copy,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    })

    const server = await startTestServer({
      command: process.execPath,
      args: ['.output/server/index.mjs'],
      cwd: copy,
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', CMS_DATABASE_URL: 'file:data/test.db' },
      readyUrl: `http://127.0.0.1:${PORT}/favicon.svg`,
    })
    try {
      const fr = await fetch(`http://127.0.0.1:${PORT}/fr/about`)
      expect(fr.status).toBe(200)
      const html = await fr.text()
      expect(html).toContain('<html lang="fr"')
      expect(html).toContain('Aller au contenu principal')
      expect(html).toContain('hrefLang="fr"')
      const de = await fetch(`http://127.0.0.1:${PORT}/de/about`)
      expect(de.status).toBe(200)
      expect(await (await fetch(`http://127.0.0.1:${PORT}/about`)).text()).toContain('<html lang="en"')
    } finally {
      await server.stop()
    }
  })
})
