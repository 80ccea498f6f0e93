/**
 * `npm run size`'s line per page (scripts/size.ts): within the budget or over it, which decides
 * the exit code, and how far the page is from the speed work's smaller aim, which does not.
 */
import { describe, expect, it } from 'vitest'
import { FIRST_LOAD_JS_AIM_BYTES, FIRST_LOAD_JS_BUDGET_BYTES, firstLoadVerdict } from '../../scripts/size'

describe('npm run size’s verdict on a first load', () => {
  it('says how far a page within the budget is over the aim', () => {
    expect(firstLoadVerdict(Math.round(112.8 * 1024))).toBe('ok, 12.8 KiB over the 100.0 KiB aim')
  })

  it('says a page at the aim is within it', () => {
    expect(firstLoadVerdict(FIRST_LOAD_JS_AIM_BYTES)).toBe('ok, within the 100.0 KiB aim')
  })

  it('says a page past the budget is over it', () => {
    expect(firstLoadVerdict(FIRST_LOAD_JS_BUDGET_BYTES + 1)).toMatch(/^OVER BUDGET, 30\.0 KiB over the 100\.0 KiB aim$/)
  })
})
