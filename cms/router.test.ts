import { describe, expect, it } from 'vitest'
import { wireErrorResponse } from '../app/contract/wire'
import { takeConsoleOutput } from '../tests/setup/fail-on-console'
import { createRouter, type Route } from './router'

const echo =
  (name: string) =>
  async ({ params }: { params: readonly string[] }) =>
    Response.json({ name, params })
const route = (overrides: Partial<Route> & Pick<Route, 'pattern'>): Route => ({
  methods: ['GET'],
  path: 'decoded',
  logLabel: '[test]',
  failure: 'The test route failed.',
  handle: echo('route'),
  ...overrides,
})

async function answer(router: (request: Request) => Promise<Response>, path: string, method = 'GET') {
  const response = await router(new Request(`http://cms.test${path}`, { method }))
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('the CMS router', () => {
  it('answers rest_no_route for an unknown path, and for a known path with another method', async () => {
    const router = createRouter([route({ pattern: /^\/known$/ })])
    for (const [path, method] of [
      ['/unknown', 'GET'],
      ['/known', 'POST'],
      ['/known', 'DELETE'],
    ] as const) {
      const { status, body } = await answer(router, path, method)
      expect(status).toBe(404)
      expect(wireErrorResponse.parse(body).code).toBe('rest_no_route')
    }
  })

  it('hands the capture groups to the handler, empty for a group that did not take part', async () => {
    const router = createRouter([route({ pattern: /^\/a\/?(.*)$/ }), route({ pattern: /^\/b(\/x)?$/, handle: echo('b') })])
    expect((await answer(router, '/a/one/two')).body).toEqual({ name: 'route', params: ['one/two'] })
    expect((await answer(router, '/b')).body).toEqual({ name: 'b', params: [''] })
  })

  it('matches reads on the decoded path without trailing slashes, writes on the path as sent', async () => {
    const router = createRouter([
      route({ pattern: /^\/read\/(.*)$/ }),
      route({ methods: ['POST'], path: 'sent', pattern: /^\/write\/([^/]*)\/?$/, handle: echo('write') }),
    ])
    expect((await answer(router, '/read/%C3%BCber//')).body).toEqual({ name: 'route', params: ['über'] })
    expect((await answer(router, '/write/%41/', 'POST')).body).toEqual({ name: 'write', params: ['%41'] })
  })

  it('refuses a path that does not decode (400) only where a read would match it', async () => {
    const router = createRouter([route({ pattern: /^\/read\/(.*)$/ }), route({ methods: ['POST'], path: 'sent', pattern: /^\/write$/ })])
    expect(await answer(router, '/read/%E0%A4%A')).toMatchObject({ status: 400, body: { code: 'rest_invalid_url' } })
    expect(await answer(router, '/read/%E0%A4%A', 'POST')).toMatchObject({ status: 404, body: { code: 'rest_no_route' } })
  })

  it("answers a handler's failure with its route's 500, logged once", async () => {
    const router = createRouter([
      route({
        pattern: /^\/boom$/,
        handle: async () => {
          throw new Error('disk on fire')
        },
      }),
    ])
    expect(await answer(router, '/boom')).toEqual({
      status: 500,
      body: { code: 'internal_error', message: 'The test route failed.', data: { status: 500 } },
    })
    expect(takeConsoleOutput()).toEqual(['console.error: [test] disk on fire'])
  })
})
