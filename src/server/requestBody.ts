import { Refusal } from './access.js'
import { readBytes } from './readCapped.js'

// A client's request body in a content coding (`Content-Encoding: gzip` from a client that
// compresses what it sends): undone with the platform's DecompressionStream, in Node and edge runtimes alike.

const FORMATS: ReadonlyMap<string, CompressionFormat> = new Map<string, CompressionFormat>([
  ['gzip', 'gzip'],
  ['x-gzip', 'gzip'],
  ['deflate', 'deflate'],
])

/**
 * The body with its `Content-Encoding` undone, or undefined when it inflates past `maxBytes` (the
 * cap counts what the proxy holds, so a small bomb is refused, not inflated). A coding the proxy
 * cannot undo is a 415, a body that is not in its coding a 400.
 */
export async function decodeRequestBody(bytes: Uint8Array, contentEncoding: string | null, maxBytes: number): Promise<Uint8Array | undefined> {
  const codings = (contentEncoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity')
  if (codings.length === 0) return bytes
  const formats = codings.map((c) => FORMATS.get(c))
  if (formats.some((f) => f === undefined)) {
    throw new Refusal(415, 'unsupported_content_encoding', 'Send the request body uncompressed, or in gzip or deflate (Content-Encoding)')
  }
  let body = bytes
  // The last coding listed was applied last: undone first.
  for (const format of formats.reverse()) {
    try {
      const inflating = new DecompressionStream(format!)
      const writer = inflating.writable.getWriter()
      // Its failures show on the readable side (a corrupt body), or do not matter (the reader stopped at the cap).
      writer.write(body as Uint8Array<ArrayBuffer>).then(() => writer.close()).catch(() => {})
      const stream = inflating.readable as ReadableStream<Uint8Array>
      const inflated = await readBytes(stream, { left: maxBytes })
      if (inflated === undefined) return undefined
      body = inflated
    } catch {
      throw new Refusal(400, 'invalid_body', `The request body is not valid ${format} (as its Content-Encoding says)`)
    }
  }
  return body
}
