/**
 * TanStack Form reports every form's state to TanStack's devtools through an event client,
 * in production builds too. With no devtools on the page, the client keeps each report in a
 * queue and asks for a connection once a second for five seconds after a form mounts, and
 * every change of a form's state (each key typed) schedules another report. The browser's
 * production build creates that client disabled (`enabled: false`, which the event client
 * has for this), so a report returns at once. Development builds, where the devtools may be
 * open, keep it. The build stops if a TanStack Form upgrade changes the client's options.
 */
import { browserModulePatch } from './vite-module-patch.ts'

const FORM_EVENT_CLIENT = /[\\/]@tanstack[\\/]form-core[\\/]dist[\\/]esm[\\/]EventClient\.js$/
const CLIENT_OPTIONS = /pluginId:\s*"form-devtools",/

/** form-core's EventClient module with its client created disabled; throws when the options are not there. */
export function withFormDevtoolsOff(code: string): string {
  if (!CLIENT_OPTIONS.test(code))
    throw new Error('TanStack Form EventClient: `pluginId: "form-devtools",` not found (scripts/vite-form-devtools-off-plugin.ts)')
  return code.replace(CLIENT_OPTIONS, (options) => `${options} enabled: false,`)
}

export const formDevtoolsOffInProduction = () =>
  browserModulePatch({ name: 'form-devtools-off-in-production', id: FORM_EVENT_CLIENT, patch: withFormDevtoolsOff, apply: 'build' })
