import { defineConfig } from 'vitest/config'
import { base64Modules } from './scripts/vite-base64-plugin.ts'

// Paraglide's Vite plugin stays out of here: `npm test` compiles the catalogs first.
export default defineConfig({
  plugins: [base64Modules()],
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'cms/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/contract/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
