import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { withServedProxy } from './support.js'

/** GETs `path`, calling `onData` with everything received so far; resolves with the whole answer. */
function get(port: number, path: string, onData: (soFar: string) => void = () => {}) {
  return new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
        onData(body)
      })
      res.on('end', () => resolve({ headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('toNodeHandler', () => {
  it('passes a body on as it comes: the client has the first chunk before the handler makes the second', async () => {
    let clientHasFirst!: (how: string) => void
    const gate = new Promise<string>((r) => (clientHasFirst = r))
    // A fallback so that an adapter which waits for the whole body fails the assertion instead of hanging.
    const fallback = setTimeout(() => clientHasFirst('late'), 3_000)
    const handler = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('first,'))
            controller.enqueue(new TextEncoder().encode(`${await gate},`))
            controller.enqueue(new TextEncoder().encode('last'))
            controller.close()
          },
        }),
        { headers: { 'content-type': 'text/plain' } },
      )
    const answer = await withServedProxy(handler, ({ port }) => get(port, '/', (soFar) => soFar.startsWith('first,') && clientHasFirst('second')))
    clearTimeout(fallback)
    expect(answer.body).toBe('first,second,last')
  })

  it('sends a one-chunk body in one piece with its Content-Length (not chunked)', async () => {
    const text = JSON.stringify({ result: ['ünïcødé', '0x'.padEnd(4_000, 'a')] })
    const answer = await withServedProxy(async () => new Response(text, { headers: { 'content-type': 'application/json' } }), ({ port }) => get(port, '/'))
    expect(answer.body).toBe(text)
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(text)))
    expect(answer.headers['transfer-encoding']).toBeUndefined()
  })
})
