import { mkdirSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags, chromiumPath } from './tests/chromium'

/**
 * e2e against the production build (`npm run build` first; `npm test` does it).
 * Two servers on loopback: the site over the embedded CMS, and the same build pointed
 * at a closed port (the backend-down case). Playwright stops both when done.
 */
/** E2E_PORT moves both servers (for parallel checkouts on one machine); the backend-down server takes the next port. */
const PORT = Number(process.env.E2E_PORT ?? 4310)
const DOWN_PORT = PORT + 1
export const baseUrl = `http://127.0.0.1:${PORT}`
export const downBaseUrl = `http://127.0.0.1:${DOWN_PORT}`

// Specs open the server's database directly (forms, outbox): its folder exists before any of them loads.
mkdirSync('.cache/test-cms/uploads', { recursive: true })

/** Shared with the preview tests, which sign links with it. */
export const PREVIEW_SECRET = 'e2e-preview-secret-0123456789abcdef0123'
const serverEnv = {
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  CMS_DATABASE_URL: 'file:.cache/test-cms/e2e.db',
  CMS_UPLOAD_DIR: '.cache/test-cms/uploads',
  PREVIEW_SECRET,
  // Every test comes from 127.0.0.1: the per-client rate limits (tested in tests/integration/abuse.test.ts) would stop the suite.
  RATE_LIMIT_FACTOR: '100',
  // As behind one reverse proxy: the rightmost X-Forwarded-For entry is the visitor, so tests
  // that set one (tests/e2e/blog.spec.ts) are distinct visitors to WordPress's comment flood check.
  TRUST_PROXY: '1',
  // Every tag configured, so the consent tests can see that none loads before consent.
  GTM_ID: 'GTM-TEST123',
  GA_MEASUREMENT_ID: 'G-TEST12345',
  ADS_CONVERSION_ID: 'AW-123456789',
  SESSION_RECORDING_ID: 'abcdef1234',
  // The careers page names Crisp (content/): the chat tests stub its origin and see when it loads.
  CHAT_PROVIDERS: 'crisp',
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The second names each failed test again at the end of `npm test` (tests/reporters/failures-file.ts).
  reporter: [['list'], ['./tests/reporters/playwright-failures.ts']],
  timeout: 30_000,
  // Twice Playwright's default: a 2-core machine running the suite's two workers, the two
  // servers and Chromium can take more than 5 s to show what a click asked for.
  expect: { timeout: 10_000 },
  use: {
    baseURL: baseUrl,
    // Most tests are not about consent: they start as a visitor who already chose "Reject all".
    storageState: 'tests/e2e/decided-consent.json',
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, testIgnore: /shell-phone\.spec\.ts/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, testMatch: /(pages|demo-pages|shell-phone|scroll)\.spec\.ts/ },
  ],
  webServer: [
    {
      command: 'node .output/server/index.mjs',
      url: `http://127.0.0.1:${PORT}/`,
      // Each server its own outbox: a worker must never send another server's submissions to its backend.
      env: {
        ...serverEnv,
        PORT: String(PORT),
        SITE_DATABASE_URL: 'file:.cache/test-site/e2e.db',
        SITE_OUTBOX_DIR: '.cache/test-site/outbox',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node .output/server/index.mjs',
      url: `http://127.0.0.1:${DOWN_PORT}/favicon.svg`,
      // Port 9 (discard) is closed on loopback: every backend call fails at once.
      env: {
        ...serverEnv,
        PORT: String(DOWN_PORT),
        CONTENT_API_URL: 'http://127.0.0.1:9',
        SITE_DATABASE_URL: 'file:.cache/test-site/e2e-down.db',
        SITE_OUTBOX_DIR: '.cache/test-site/outbox-down',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
})
