/**
 * TanStack Start's options for this site. With a start instance of its own, Start no longer adds
 * its default protection of server functions against cross-site calls, so it is added here as
 * Start adds it (a cross-site call is refused with 403). And the serializer's adapters that write
 * a page's data (and a blog list made from it) as the document's JSON data block
 * (docs/decisions/050-page-data-block.md).
 */
import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { firstListAdapter, pageDataAdapter } from './routes/-page-data-block'

const csrfMiddleware = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })

export const startInstance = createStart(() => ({
  requestMiddleware: [csrfMiddleware],
  serializationAdapters: [pageDataAdapter, firstListAdapter],
}))
