import { defineConfig } from 'vitest/config'

// Paraglide's Vite plugin stays out of here: `npm test` compiles the catalogs first.
export default defineConfig({
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
