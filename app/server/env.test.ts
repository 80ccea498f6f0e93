import { describe, expect, it } from 'vitest'
import { parseEnv } from '../config/env'
import { cmsOptionsFromEnv } from '../../cms/options'
import { serverEnvSource } from './env.server'

describe('the built server without NODE_ENV', () => {
  it('runs in production, so the embedded CMS prints no reset mail', () => {
    const env = parseEnv(serverEnvSource(true, {}))
    expect(env.NODE_ENV).toBe('production')
    expect(cmsOptionsFromEnv(env).printMail).toBe(false)
  })

  it('keeps a NODE_ENV that is set, and development outside a build (vite dev, scripts)', () => {
    expect(parseEnv(serverEnvSource(true, { NODE_ENV: 'development' })).NODE_ENV).toBe('development')
    expect(parseEnv(serverEnvSource(false, {})).NODE_ENV).toBe('development')
    expect(cmsOptionsFromEnv(parseEnv(serverEnvSource(false, {}))).printMail).toBe(true)
  })
})
