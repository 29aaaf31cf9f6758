import { Buffer, constants as bufferConstants } from 'node:buffer'
import { promisify } from 'node:util'
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib'
import { codingsToUndo, unreachable } from './exchange.js'
import type { Pieces } from './incoming.js'
import type { ByteBudget } from './readCapped.js'

// The node route's decoding of upstream bodies with zlib: the codings fetch undoes for the Fetch
// route (codingsToUndo), so both routes pass on the same bytes.

export type Decoder = (body: Buffer, options: ZlibOptions) => Promise<Buffer>

const gunzipBytes: Decoder = promisify(gunzip)
const inflateZlib: Decoder = promisify(inflate)
const inflateBare: Decoder = promisify(inflateRaw)
const DECODERS: ReadonlyMap<string, Decoder> = new Map<string, Decoder>([
  ['gzip', gunzipBytes],
  ['x-gzip', gunzipBytes],
  ['br', promisify(brotliDecompress)],
  // HTTP's `deflate` is zlib-wrapped, but some servers send it bare: told apart by the first byte, as fetch does.
  ['deflate', (body, options) => ((body[0]! & 0x0f) === 0x08 ? inflateZlib : inflateBare)(body, options)],
])

/** The decoders of a `Content-Encoding`, first applied first; undefined when one is not known (then the bytes mean nothing). */
export function decodersOf(header: string | undefined): Decoder[] | undefined {
  return codingsToUndo(header)?.map((coding) => DECODERS.get(coding)!)
}

/** The body undone coding by coding, last applied first, or undefined when it inflates past what is left of `budget`. */
export async function decodeBody(body: Buffer, decoders: readonly Decoder[], budget: ByteBudget): Promise<Pieces | undefined> {
  let out = body
  for (const decoder of [...decoders].reverse()) {
    try {
      // zlib refuses a limit above what one Buffer can hold (an Infinity, a cap of terabytes).
      out = await decoder(out, { maxOutputLength: Math.min(bufferConstants.MAX_LENGTH, Math.max(1, Math.floor(budget.left))) })
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return undefined
      throw unreachable()
    }
  }
  budget.left -= out.byteLength
  return budget.left < 0 ? undefined : [out]
}
