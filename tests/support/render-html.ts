/**
 * A React tree's HTML as the page's renderer writes it: TanStack Router's renderRouterToStream
 * streams the whole document, so no part is moved out of order.
 */
import type { ReactElement } from 'react'
import { renderToReadableStream } from 'react-dom/server'

export async function renderToHtml(element: ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY })
  await stream.allReady
  return new Response(stream).text()
}
