import { availableParallelism } from 'node:os'
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
    // The second names each failed test again at the end of `npm test` (tests/reporters/failures-file.ts).
    reporters: ['default', './tests/reporters/vitest-failures.ts'],
    // Vitest runs as many files at once as the machine has cores less one: one at a time on a
    // 2-core machine. The integration files spend most of their time waiting on the servers and
    // timers they start, so two at a time nearly halve the suite there (each file's servers have
    // ports of their own, their databases files or folders of their own).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/setup/fail-on-console.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
