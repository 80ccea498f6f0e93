import { describe, expect, it } from 'vitest'
import { CONTRACT_VERSION, contractCompatibility } from './contract-version'

describe('contractCompatibility', () => {
  it('reads any minor version of its own major, older or newer', () => {
    for (const version of ['1.0', '1.2', CONTRACT_VERSION, '1.99'])
      expect(contractCompatibility(version, 'x')).toEqual({ ok: true, version })
  })

  it('refuses another major version, and says which side to update', () => {
    const newer = contractCompatibility('2.0', 'https://cms.example.com')
    expect(newer).toEqual({
      ok: false,
      message: `The content backend at https://cms.example.com speaks contract 2.0, and this site speaks ${CONTRACT_VERSION} (any 1.x). Update the site so both speak the same major version; see CHANGELOG.md.`,
    })
    const older = contractCompatibility('0.9', 'https://cms.example.com')
    expect(older.ok).toBe(false)
    expect(!older.ok && older.message).toContain('Update the backend (the WordPress plugin)')
  })

  it('refuses what is not a version, naming it', () => {
    for (const value of [undefined, null, 1, '1', '1.2.3', 'v1.2', '<script>']) {
      const result = contractCompatibility(value, 'b')
      expect(result.ok).toBe(false)
      expect(!result.ok && result.message).toContain('must be "major.minor"')
    }
  })
})
