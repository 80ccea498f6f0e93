/**
 * TanStack Start's options for this site: the serializer's adapters that write a page's data
 * (and a blog list made from it) as the document's JSON data block (docs/decisions/050-page-data-block.md).
 */
import { createStart } from '@tanstack/react-start'
import { firstListAdapter, pageDataAdapter } from './routes/-page-data-block'

export const startInstance = createStart(() => ({ serializationAdapters: [pageDataAdapter, firstListAdapter] }))
