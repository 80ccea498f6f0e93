/**
 * TanStack Form's devtools event client, created disabled in the browser's production build
 * (scripts/vite-form-devtools-off-plugin.ts, docs/decisions/040): as published it asks the
 * page for a devtools connection again and again; rewritten it asks nothing.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withFormDevtoolsOff } from '../../scripts/vite-form-devtools-off-plugin'
import { moduleCopies } from '../support/module-copy'

const require = createRequire(import.meta.url)
// TanStack Form's core as the project's dependency, @tanstack/react-form, resolves it.
const formCore = path.dirname(createRequire(require.resolve('@tanstack/react-form')).resolve('@tanstack/form-core/package.json'))
const original = readFileSync(path.join(formCore, 'dist/esm/EventClient.js'), 'utf8')
// The event client package as form-core resolves it, its ES module build.
const eventClient = path.dirname(createRequire(path.join(formCore, 'package.json')).resolve('@tanstack/devtools-event-client/package.json'))

interface FormEventClient {
  emit: (event: string, payload: unknown) => void
}

const copies = moduleCopies('form-devtools')
/** form-core's module, as given, with its import pointed back at the event client's package. */
async function load(code: string, name: string): Promise<FormEventClient> {
  const imports = { '@tanstack/devtools-event-client': path.join(eventClient, 'dist/esm/index.js') }
  return (await copies.load<{ formEventClient: FormEventClient }>(code, name, imports)).formEventClient
}

/** What the client asks the page for: a devtools connection. */
let connectRequests = 0
beforeEach(() => {
  vi.useFakeTimers()
  connectRequests = 0
  const target = new EventTarget()
  target.addEventListener('tanstack-connect', () => connectRequests++)
  ;(globalThis as { __TANSTACK_EVENT_TARGET__?: EventTarget }).__TANSTACK_EVENT_TARGET__ = target
})
afterEach(() => {
  vi.useRealTimers()
  delete (globalThis as { __TANSTACK_EVENT_TARGET__?: EventTarget }).__TANSTACK_EVENT_TARGET__
})
afterAll(copies.remove)

describe("TanStack Form's devtools reports in the browser's production build", () => {
  it('as published, a form state report with no devtools on the page asks for a connection again and again', async () => {
    const client = await load(original, 'original')
    client.emit('form-state', { id: 'f', state: {} })
    vi.advanceTimersByTime(10_000)
    expect(connectRequests).toBeGreaterThan(1)
  })

  it('rewritten, the client is created disabled: a report returns at once', async () => {
    const changed = withFormDevtoolsOff(original)
    expect(changed).toContain('enabled: false')
    const client = await load(changed, 'changed')
    client.emit('form-state', { id: 'f', state: {} })
    vi.advanceTimersByTime(10_000)
    expect(connectRequests).toBe(0)
  })

  it('stops the build when a TanStack Form upgrade changes the client options', () => {
    expect(() => withFormDevtoolsOff(original.replace('"form-devtools"', '"form-devtools-2"'))).toThrow(/not found/)
  })
})
