/**
 * The validated server environment, parsed once when the server starts. A bad
 * variable stops the process with a message naming it (app.config.ts, parseEnv).
 *
 * The built server is production unless NODE_ENV says otherwise: `npm start` without
 * it must not run in development mode (which prints reset mail, tokens included).
 */
import { parseEnvOrExit, type Env } from '../../app.config'

/** The variables the server reads: in a built server, NODE_ENV is production unless set. */
export function serverEnvSource(built: boolean, source: Record<string, string | undefined>): Record<string, string | undefined> {
  return built && !source.NODE_ENV ? { ...source, NODE_ENV: 'production' } : source
}

// Vite sets import.meta.env in what it builds; scripts run by tsx (the prerender step) have none.
export const env: Env = parseEnvOrExit(serverEnvSource(import.meta.env?.PROD === true, process.env))
