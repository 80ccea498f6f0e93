/**
 * The validated server environment, parsed once when the server starts. A bad
 * variable stops the process with a message naming it (app.config.ts, parseEnv).
 */
import { EnvError, parseEnv, type Env } from '../../app.config'

function load(): Env {
  try {
    return parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n\nFix these variables and start the server again.\n`)
      process.exit(1)
    }
    throw error
  }
}

export const env: Env = load()
