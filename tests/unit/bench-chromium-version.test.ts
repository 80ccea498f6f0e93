/**
 * The Chromium version the bench's reports name (scripts/bench/lighthouse-run.ts,
 * chromiumVersion): a score is compared only with one taken in the same version (README,
 * Benchmarks), so the version must be the browser's own, as the browser reports it.
 */
import { chromium } from '@playwright/test'
import { describe, expect, it } from 'vitest'
import { chromePath, chromiumVersion } from '../../scripts/bench/lighthouse-run'
import { chromiumFlags } from '../chromium'

describe('the Chromium version in the bench’s reports', () => {
  it('is the version the browser itself reports', { timeout: 30_000 }, async () => {
    const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags })
    try {
      expect(chromiumVersion()).toBe(browser.version())
    } finally {
      await browser.close()
    }
  })
})
