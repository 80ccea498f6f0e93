/**
 * Pages render one at a time (docs/decisions/041-one-render-at-a-time.md): the next render
 * starts when the last one's body has been written to its end, whoever reads it and
 * whenever; a render that fails, has no body, is cancelled or stalls past the bound cannot
 * keep the others waiting.
 */
import { describe, expect, it } from 'vitest'
import { renderTurns, type RenderTurns } from './render-turns.server'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** A render's body whose chunks are written when the test says so. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let cancelled: unknown = 'not cancelled'
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
    },
    cancel: (reason) => {
      cancelled = reason
    },
  })
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    fail: (error: Error) => controller.error(error),
    cancelled: () => cancelled,
  }
}

async function readAll(body: ReadableStream<Uint8Array> | null): Promise<string> {
  let text = ''
  for await (const chunk of body!) text += decoder.decode(chunk, { stream: true })
  return text
}

/** Whether the promise has settled after everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(
    () => (done = true),
    () => (done = true),
  )
  await new Promise((resolve) => setTimeout(resolve, 5))
  return done
}

/** Takes a turn and records when it started. */
function takeInOrder(turns: RenderTurns, started: string[], name: string) {
  return turns.take().then((turn) => {
    started.push(name)
    return turn
  })
}

/** A render in its turn whose body the test writes, and the next render, waiting for its turn. */
async function renderingWithOneWaiting() {
  const turns = renderTurns(60_000)
  const first = await turns.take()
  const page = controlledBody()
  const body = first.body(page.body)!
  return { page, body, next: turns.take() }
}

describe('render turns', () => {
  it('starts the next render only when the last body has been written to its end, in the order they asked', async () => {
    const turns = renderTurns(60_000)
    const started: string[] = []
    const first = await takeInOrder(turns, started, 'first')
    const second = takeInOrder(turns, started, 'second')
    const third = takeInOrder(turns, started, 'third')
    expect(turns.waiting()).toBe(2)

    const page = controlledBody()
    const body = first.body(page.body)
    page.write('<!doctype html><p>one')
    expect(await settled(second)).toBe(false)
    page.write(' two</p>')
    page.close()
    expect(await settled(second)).toBe(true)
    expect(started).toEqual(['first', 'second'])
    // Nothing was lost on the way: the reader gets every byte, later.
    expect(await readAll(body)).toBe('<!doctype html><p>one two</p>')

    ;(await second).body(null)
    await third
    expect(started).toEqual(['first', 'second', 'third'])
    expect(turns.waiting()).toBe(0)
  })

  it('does not wait for the reader: a body nobody reads yet ends its turn when the render has written it', async () => {
    const { page, body, next } = await renderingWithOneWaiting()
    page.write('whole page')
    page.close()
    expect(await settled(next)).toBe(true)
    expect(await readAll(body)).toBe('whole page')
  })

  it('lets the next render start after the bound when one stalls, and the stalled one goes on', async () => {
    const turns = renderTurns(300)
    const first = await turns.take()
    const page = controlledBody()
    const body = first.body(page.body)
    page.write('the start')
    const next = turns.take()
    expect(await settled(next)).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(await settled(next)).toBe(true)
    page.write(', the end')
    page.close()
    expect(await readAll(body)).toBe('the start, the end')
    // Its late end does not start a third render beside the second.
    const third = turns.take()
    expect(await settled(third)).toBe(false)
    ;(await next).end()
    expect(await settled(third)).toBe(true)
  })

  it('ends the turn of a render that failed, once, however often it is ended', async () => {
    const turns = renderTurns(60_000)
    const failed = await turns.take()
    const second = turns.take()
    const third = turns.take()
    failed.end()
    failed.end()
    expect(await settled(second)).toBe(true)
    expect(await settled(third)).toBe(false)
  })

  it('passes a body that fails on to its reader and ends the turn', async () => {
    const { page, body, next } = await renderingWithOneWaiting()
    page.write('half')
    page.fail(new Error('the render broke'))
    expect(await settled(next)).toBe(true)
    await expect(readAll(body)).rejects.toThrow('the render broke')
  })

  it('cancels the render when its reader cancels (a visitor who left), and ends the turn', async () => {
    const { page, body, next } = await renderingWithOneWaiting()
    page.write('some')
    await body.cancel('the connection closed')
    expect(page.cancelled()).toBe('the connection closed')
    expect(await settled(next)).toBe(true)
  })

  it('lets a render without a body (a redirect) end its turn at once', async () => {
    const turns = renderTurns(60_000)
    const redirect = await turns.take()
    const next = turns.take()
    expect(redirect.body(null)).toBeNull()
    expect(await settled(next)).toBe(true)
  })
})
