/**
 * The validated server environment, parsed once when the server starts. A bad
 * variable stops the process with a message naming it (app.config.ts, parseEnv).
 */
import { parseEnvOrExit, type Env } from '../../app.config'

export const env: Env = parseEnvOrExit()
