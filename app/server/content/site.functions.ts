/**
 * Site-wide configuration the browser needs: only the public, allow-listed variables
 * (app/config/site.ts publicEnvKeys), the same for every visitor.
 */
import { createServerFn } from '@tanstack/react-start'
import { type PublicEnv, publicEnvKeys } from '../../config/site'
import { env } from '../env.server'

export const fetchPublicEnv = createServerFn({ method: 'GET' }).handler(async (): Promise<PublicEnv> => {
  const result: Record<string, string | null> = {}
  for (const key of publicEnvKeys) result[key] = env[key] ?? null
  return {
    GTM_ID: result.GTM_ID ?? null,
    GA_MEASUREMENT_ID: result.GA_MEASUREMENT_ID ?? null,
    ADS_CONVERSION_ID: result.ADS_CONVERSION_ID ?? null,
    SESSION_RECORDING_ID: result.SESSION_RECORDING_ID ?? null,
    IMAGE_CLOUD_NAME: result.IMAGE_CLOUD_NAME ?? null,
    CHAT_PROVIDERS: result.CHAT_PROVIDERS ?? null,
  }
})
