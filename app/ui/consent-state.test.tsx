// @vitest-environment happy-dom
import { act, Suspense, use } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { publicEnvKeys, type PublicEnv } from '../config/site'
import { ConsentProvider, useConsent } from './consent-state'

/** No tag, no chat: nothing configured. */
const env = Object.fromEntries(publicEnvKeys.map((key) => [key, null])) as PublicEnv

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

describe('ConsentProvider (decision 039)', () => {
  it('settles the visitor’s consent as a transition: what is on screen stays while a part waits for it', async () => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
    // A part of the page that, once consent is known, waits for something (its code, say).
    // An ordinary update would hide it behind its fallback meanwhile; a transition keeps it.
    // The same priority is what lets React hydrate the rest of the page in slices while the
    // consent settles, instead of all at once in one task.
    const waiting = new Promise<void>(() => {})
    function Part() {
      const { ready } = useConsent()
      if (ready) use(waiting)
      return <p>The page</p>
    }
    const container = document.createElement('div')
    document.body.append(container)
    await act(async () => {
      root = createRoot(container)
      root.render(
        <ConsentProvider env={env}>
          <Suspense fallback={<p>Loading</p>}>
            <Part />
          </Suspense>
        </ConsentProvider>,
      )
    })
    expect(container.textContent).toBe('The page')
  })
})
