import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags, chromiumPath } from './tests/chromium'

/**
 * The deploy smoke e2e (tests/deploy/, scripts/check-deploy.ts): one platform's build
 * (`npm run build:netlify` or `build:vercel` first), served on loopback the way the platform
 * routes it (scripts/deploy/local-platform.ts). DEPLOY_TARGET picks the platform.
 */
const target = process.env.DEPLOY_TARGET === 'vercel' ? 'vercel' : 'netlify'
/** DEPLOY_E2E_PORT moves the server (parallel checkouts on one machine). */
const PORT = Number(process.env.DEPLOY_E2E_PORT ?? 4330)
export const deployBaseUrl = `http://127.0.0.1:${PORT}`
export const REVALIDATE_SECRET = 'deploy-smoke-revalidate-secret-0123456789'
/** What Vercel sends with its cron jobs (docs/deploy.md, The outbox on a platform). */
export const CRON_SECRET = 'deploy-smoke-cron-secret-0123456789abcdef'

export default defineConfig({
  testDir: 'tests/deploy',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./tests/reporters/playwright-failures.ts']],
  timeout: 30_000,
  use: {
    baseURL: deployBaseUrl,
    storageState: 'tests/e2e/decided-consent.json',
    trace: 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [{ name: target, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node --import tsx scripts/deploy/local-platform.ts ${target} --port ${PORT}`,
    url: `${deployBaseUrl}/favicon.svg`,
    env: {
      NODE_ENV: 'production',
      REVALIDATE_SECRET,
      CRON_SECRET,
      RATE_LIMIT_FACTOR: '100',
      // The purge is attempted: its failure (no network here) must be reported by the webhook, never break it.
      NETLIFY_PURGE_API_TOKEN: 'smoke-test-token',
      SITE_ID: 'smoke-test-site',
      VERCEL_PURGE_API_TOKEN: 'smoke-test-token',
      VERCEL_PROJECT_ID: 'smoke-test-project',
    },
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
