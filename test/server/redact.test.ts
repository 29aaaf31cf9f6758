import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fetchTools } from '../../src/server/exchange.js'
import { mayHoldSecret, redactBytes, redactPieces } from '../../src/server/redactBytes.js'

// The node route looks for the key in the bytes instead of decoding the body; the Fetch route
// decodes, replaces, encodes. Both must give the same bytes for any body, and neither the key.
const KEY = 'sk_live_Ünï-🔑-9f3a'
const keyBytes = Buffer.from(KEY)
const fragment = fc.oneof(
  fc.constant(keyBytes),
  fc.integer({ min: 1, max: keyBytes.length - 1 }).map((n) => keyBytes.subarray(0, n)),
  fc.integer({ min: 1, max: keyBytes.length - 1 }).map((n) => keyBytes.subarray(n)),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 6 }).map((b) => Buffer.from(b)),
  fc.constant(Buffer.from([0xef, 0xbb, 0xbf])),
  fc.constant(Buffer.from('{"error":"invalid key ')),
)
const body = fc.array(fragment, { maxLength: 24 }).map((parts) => Buffer.concat(parts))

const decoder = new TextDecoder()

describe('redactBytes (the node route) against the Fetch route', () => {
  it('gives the same bytes as decoding, replacing and encoding, for any body', () => {
    fc.assert(
      fc.property(body, (bytes) => {
        const fast = Buffer.from(redactBytes(bytes, [KEY]))
        expect(fast.equals(Buffer.from(fetchTools.redact([bytes], [KEY])[0]!))).toBe(true)
        expect(decoder.decode(fast)).not.toContain(KEY)
      }),
      { numRuns: 2_000 },
    )
  })

  it('gives the same bytes for a body in pieces cut anywhere (as sockets deliver it)', () => {
    const cut = body.chain((bytes) =>
      fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 6 }).map((at) => {
        const edges = [0, ...at.filter((n) => n < bytes.length).sort((a, b) => a - b), bytes.length]
        return { bytes, pieces: edges.slice(1).map((end, i) => bytes.subarray(edges[i], end)) }
      }),
    )
    fc.assert(
      fc.property(cut, ({ bytes, pieces }) => {
        const fast = Buffer.concat(redactPieces(pieces, [KEY]))
        expect(fast.equals(Buffer.from(fetchTools.redact([bytes], [KEY])[0]!))).toBe(true)
      }),
      { numRuns: 2_000 },
    )
  })

  it('passes a clean page on in the pieces it came in, not joined', () => {
    const page = Buffer.from(JSON.stringify({ result: 'x'.repeat(200_000) }))
    const pieces = [page.subarray(0, 65_536), page.subarray(65_536, 131_072), page.subarray(131_072)]
    expect(redactPieces(pieces, [KEY])).toBe(pieces)
  })

  it('removes every copy, side by side and across what would be chunk edges, and nothing else', () => {
    const page = Buffer.concat([Buffer.from('{"a":"'), keyBytes, keyBytes, Buffer.from('x'.repeat(65_530)), keyBytes, Buffer.from('"}')])
    const out = decoder.decode(redactBytes(page, [KEY]))
    expect(out).toBe(`{"a":"[redacted][redacted]${'x'.repeat(65_530)}[redacted]"}`)
  })

  it('leaves a body without the key as it is (the same bytes, not a copy)', () => {
    const page = Buffer.from(JSON.stringify({ result: ['ünïcødé', '0x'.padEnd(4_000, 'a')] }))
    expect(redactBytes(page, [KEY])).toBe(page)
  })
})

// The node route passes a body on as the bytes that came when mayHoldSecret says no: a client then
// reads the same text as from the Fetch route, and never the key. An API key is visible ASCII.
describe('mayHoldSecret (the node route passes such a body on untouched)', () => {
  const ASCII_KEY = 'sk_live/9f3a+Q"x-z'
  const asciiKey = Buffer.from(ASCII_KEY)
  const part = fc.oneof(
    fc.constant(asciiKey),
    fc.integer({ min: 1, max: asciiKey.length - 1 }).map((n) => asciiKey.subarray(0, n)),
    fc.integer({ min: 1, max: asciiKey.length - 1 }).map((n) => asciiKey.subarray(n)),
    fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 6 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from([0xef, 0xbb, 0xbf])),
    fc.constant(Buffer.from('\\u0073')),
  )
  const cut = fc.array(part, { maxLength: 24 }).chain((parts) => {
    const bytes = Buffer.concat(parts)
    return fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 6 }).map((at) => {
      const edges = [0, ...at.filter((n) => n < bytes.length).sort((a, b) => a - b), bytes.length]
      return { bytes, pieces: edges.slice(1).map((end, i) => bytes.subarray(edges[i], end)) }
    })
  })

  it('says no only for a body whose text, read as a client reads it, is what the Fetch route gives and holds no key', () => {
    let untouched = 0
    fc.assert(
      fc.property(cut, ({ bytes, pieces }) => {
        if (mayHoldSecret(pieces, [ASCII_KEY])) return
        untouched += 1
        const text = decoder.decode(bytes)
        expect(text).toBe(decoder.decode(fetchTools.redact([bytes], [ASCII_KEY])[0]!))
        expect(text).not.toContain(ASCII_KEY)
      }),
      { numRuns: 3_000 },
    )
    // The property says something: many bodies are passed on untouched.
    expect(untouched).toBeGreaterThan(100)
  })

  it('says yes for the key as written, cut by a chunk edge, or escaped', () => {
    const page = Buffer.from(`{"a":"${'x'.repeat(100)}${ASCII_KEY}${'y'.repeat(100)}"}`)
    const at = page.indexOf(asciiKey) + 5
    expect(mayHoldSecret([page], [ASCII_KEY])).toBe(true)
    expect(mayHoldSecret([page.subarray(0, at), page.subarray(at)], [ASCII_KEY])).toBe(true)
    expect(mayHoldSecret([Buffer.from('{"a":"sk_live\\/9f3a"}')], [ASCII_KEY])).toBe(true)
    expect(mayHoldSecret([Buffer.from(JSON.stringify({ result: 'x'.repeat(5_000) }))], [ASCII_KEY])).toBe(false)
  })
})
