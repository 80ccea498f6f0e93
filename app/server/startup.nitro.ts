/**
 * A Nitro runtime plugin: runs once when the production server starts, so a bad
 * environment variable stops `npm start` at once with a message naming it, before
 * the first request (the server entry itself loads lazily).
 */
import { definePlugin } from 'nitro'
import { parseEnvOrExit } from '../../app.config'

export default definePlugin(() => {
  parseEnvOrExit()
})
