/**
 * Pages render one at a time in a process, in the order they asked (docs/decisions/041-one-render-at-a-time.md).
 *
 * A render is CPU work once its route's loaders have the data: nothing in it waits for the
 * network. Interleaved, every render in progress keeps its objects alive while the others
 * run, so V8's young generation collects them as survivors and moves them to the old
 * space, which the old-space limit of decision 036 then collects in full, again and again.
 * One after the other, each render's garbage dies young, and each finishes sooner.
 *
 * A turn starts when the page's loaders are done (renderer.server.ts) and ends when the
 * render has written its last byte: the body is read here, as fast as it is written,
 * whoever reads it and however slowly, so a slow client, a HEAD request or an answer that
 * is never read cannot hold the turn. A render that has not finished within
 * MAX_TURN_MS (a stall, or a page far larger than any this site has) lets the next one
 * start and goes on beside it, so a turn never costs more than that wait.
 */

/** How long one render keeps the others waiting, at most. A page here renders in 2–10 ms. */
const MAX_TURN_MS = 100

/** A render's turn: ended by the end of the body it wraps, by end(), or after maxTurnMs. */
interface RenderTurn {
  /** The render's body, read here to its end as it is written; when it ends, so does the turn. */
  body(body: ReadableStream<Uint8Array> | null): ReadableStream<Uint8Array> | null
  /** Ends the turn of a render that failed or has no body. Only the first end counts. */
  end(): void
}

export interface RenderTurns {
  /** Resolves when it is this render's turn. */
  take(): Promise<RenderTurn>
  /** Renders waiting for their turn. */
  waiting(): number
}

export function renderTurns(maxTurnMs = MAX_TURN_MS): RenderTurns {
  let busy = false
  const queue: Array<() => void> = []

  const next = () => {
    const waiting = queue.shift()
    if (waiting) waiting()
    else busy = false
  }

  const turn = (): RenderTurn => {
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      clearTimeout(timer)
      next()
    }
    const timer = setTimeout(end, maxTurnMs)
    // A stalled render must not keep a process that is stopping alive.
    timer.unref()
    return { end, body: (body) => (body ? readToTheEnd(body, end) : (end(), null)) }
  }

  return {
    async take() {
      if (busy) await new Promise<void>((resolve) => queue.push(resolve))
      else busy = true
      return turn()
    },
    waiting: () => queue.length,
  }
}

/**
 * The body, read as it is written and queued for whoever reads it: the render goes on at
 * its own pace whatever its reader does. Cancelling it cancels the render's.
 */
function readToTheEnd(body: ReadableStream<Uint8Array>, end: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            controller.enqueue(value)
          }
          controller.close()
        } catch (error) {
          try {
            controller.error(error)
          } catch {
            // Its reader cancelled it first.
          }
        } finally {
          end()
        }
      })()
    },
    cancel(reason) {
      end()
      return reader.cancel(reason)
    },
  })
}
