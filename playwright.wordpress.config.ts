import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags, chromiumPath } from './tests/chromium'

/**
 * The site's production build over a real WordPress (`npm run wordpress` first; the
 * README's test command does both): `node .output/server/index.mjs` with CONTENT_API_URL
 * pointing at the WordPress on WORDPRESS_PORT (default 8088). The site listens on
 * WORDPRESS_E2E_PORT (default 4510). Specs: tests/e2e-wordpress/.
 */
const PORT = Number(process.env.WORDPRESS_E2E_PORT ?? 4510)
export const WORDPRESS_URL = process.env.WORDPRESS_URL ?? `http://127.0.0.1:${process.env.WORDPRESS_PORT ?? 8088}`
export const SITE_URL = `http://127.0.0.1:${PORT}`
/** The site's revalidation secret; the editor test gives it to the plugin's settings. */
export const REVALIDATE_SECRET = 'wordpress-e2e-revalidate-secret-0123456789abcdef'
/** The site's preview secret; the preview test gives it to the plugin's settings. */
export const PREVIEW_SECRET = 'wordpress-e2e-preview-secret-0123456789abcdef'

export default defineConfig({
  testDir: 'tests/e2e-wordpress',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./tests/reporters/playwright-failures.ts']],
  timeout: 45_000,
  // A real WordPress answers a form post or a save in seconds when the machine is busy (CI shares two cores).
  expect: { timeout: 10_000 },
  use: {
    baseURL: SITE_URL,
    storageState: 'tests/e2e/decided-consent.json',
    trace: 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node .output/server/index.mjs',
    url: `http://127.0.0.1:${PORT}/favicon.svg`,
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      NODE_ENV: 'production',
      CONTENT_API_URL: WORDPRESS_URL,
      REVALIDATE_SECRET,
      PREVIEW_SECRET,
    },
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
