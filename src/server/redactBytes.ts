import { Buffer, isUtf8 } from 'node:buffer'
import { escapedSpelling, redact, REDACTED } from '../core/redact.js'
import type { Pieces } from './incoming.js'

// The node route's redaction: core's `redact` rule applied to the bytes, so that a 290 kB page is not
// decoded to text and encoded again. Whenever bytes and text could disagree (not UTF-8, a BOM, a key
// that is not well-formed text or is beyond ASCII among escapes) it decodes and calls `redact` itself.

const REDACTED_BYTES = Buffer.from(REDACTED)
const BACKSLASH = 0x5c
const decoder = new TextDecoder()

/**
 * `redactBytes` over a body in pieces, without joining them when no piece holds (part of) a secret
 * and each is UTF-8 on its own: the usual page, passed on as it came.
 */
export function redactPieces(pieces: Pieces, secrets: readonly string[]): Pieces {
  if (pieces.length === 1) return [redactBytes(pieces[0]!, secrets)]
  const untouched = pieces.every((_, i) => pieceIsClean(pieces, i, secrets))
  return untouched ? pieces : [redactBytes(Buffer.concat(pieces.map(asBuffer)), secrets)]
}

/**
 * Whether a body could hold a secret, in any spelling `redact` removes: false only when no secret is
 * in it as written (across the pieces' edges too) and it has no backslash (every escaped spelling has
 * one). Bytes, UTF-8 or not, are not decoded for it: an ASCII secret is in the decoded text exactly
 * when it is in the bytes. A secret beyond ASCII, pieces shorter than a secret, or a body that opens
 * with a BOM answer true (the exact path then).
 */
export function mayHoldSecret(pieces: Pieces, secrets: readonly string[]): boolean {
  // A BOM is dropped by the text path (a client's decoder then drops a second one): left to it.
  if (pieces.length > 0 && startsWithBom(pieces[0]!)) return true
  for (const piece of pieces) if (asBuffer(piece).indexOf(BACKSLASH) !== -1) return true
  for (const secret of secrets) {
    if (!secret) continue
    const needle = needleOf(secret)
    if (!needle || needle.length !== secret.length) return true
    for (let i = 0; i < pieces.length; i++) {
      const piece = asBuffer(pieces[i]!)
      if (piece.indexOf(needle) !== -1) return true
      const next = pieces[i + 1]
      if (!next || needle.length === 1) continue
      // A secret cut in two by this edge lies within its last and first `length - 1` bytes, unless a piece is shorter than that.
      if (piece.byteLength < needle.length || next.byteLength < needle.length) return true
      const edge = Buffer.concat([piece.subarray(piece.byteLength - needle.length + 1), asBuffer(next).subarray(0, needle.length - 1)])
      if (edge.indexOf(needle) !== -1) return true
    }
  }
  return false
}

/** Whether piece `i` holds no secret, no start of one running into the next pieces, and nothing the text path would read otherwise. */
function pieceIsClean(pieces: Pieces, i: number, secrets: readonly string[]): boolean {
  const bytes = asBuffer(pieces[i]!)
  if (i === 0 && startsWithBom(bytes)) return false
  if (!isUtf8(bytes)) return false
  // A backslash may open an escaped spelling of the key, perhaps cut by a piece's edge: looked for in the whole body.
  if (bytes.indexOf(BACKSLASH) !== -1) return false
  for (const secret of secrets) {
    if (!secret) continue
    const needle = needleOf(secret)
    if (!needle || bytes.indexOf(needle) !== -1) return false
    // A secret cut in two by the edge between this piece and the next.
    const next = pieces[i + 1]
    if (!next) continue
    // A piece shorter than the secret inside the body: the secret could span three pieces.
    if (next.byteLength < needle.length && i + 2 < pieces.length) return false
    if (needle.length > 1) {
      const edge = Buffer.concat([bytes.subarray(Math.max(0, bytes.length - needle.length + 1)), asBuffer(next).subarray(0, needle.length - 1)])
      if (edge.indexOf(needle) !== -1) return false
    }
  }
  return true
}

/**
 * The body with every secret removed, found as bytes (no decoding): the same as `redact` on the
 * decoded text whenever the bytes are UTF-8 without a BOM. Anything else goes through the text.
 */
export function redactBytes(bytes: Uint8Array, secrets: readonly string[]): Uint8Array {
  const body = asBuffer(bytes)
  const viaText = () => Buffer.from(redact(decoder.decode(body), secrets))
  if (startsWithBom(body) || !isUtf8(body)) return viaText()
  let out = body
  for (const secret of secrets) {
    if (!secret) continue
    const needle = needleOf(secret)
    // A key that is not well-formed text has no exact byte spelling.
    if (!needle) return viaText()
    out = replaceAll(out, needle)
  }
  // Every JSON-escaped spelling holds a backslash: the usual body has none.
  if (out.indexOf(BACKSLASH) === -1) return out
  // A key beyond ASCII is escaped as UTF-16 units, which the bytes do not show.
  if (!secrets.every((secret) => /^[\x00-\x7f]*$/.test(secret))) return viaText()
  for (const secret of secrets) if (secret) out = replaceEscaped(out, secret)
  return out
}

/** `body` with every copy of `needle` replaced, or `body` itself when it holds none. */
function replaceAll(body: Buffer, needle: Buffer): Buffer {
  let at = body.indexOf(needle)
  if (at === -1) return body
  const parts: Buffer[] = []
  let from = 0
  while (at !== -1) {
    parts.push(body.subarray(from, at), REDACTED_BYTES)
    from = at + needle.length
    at = body.indexOf(needle, from)
  }
  parts.push(body.subarray(from))
  return Buffer.concat(parts)
}

/** `body` with every JSON-escaped spelling of an ASCII `secret` replaced, or `body` itself when it holds none. */
function replaceEscaped(body: Buffer, secret: string): Buffer {
  // One character a byte: an ASCII spelling found there is at the same offsets in the bytes (UTF-8 sequences are all above 0x7f).
  const view = body.toString('latin1')
  const parts: Buffer[] = []
  let from = 0
  for (const match of view.matchAll(escapedSpelling(secret))) {
    parts.push(body.subarray(from, match.index), REDACTED_BYTES)
    from = match.index + match[0].length
  }
  if (from === 0) return body
  parts.push(body.subarray(from))
  return Buffer.concat(parts)
}

const startsWithBom = (bytes: Uint8Array): boolean => bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))

const secretBytes = new Map<string, Buffer | undefined>()

/** The secret's UTF-8 bytes, or undefined when it is not well-formed text (no exact byte spelling). */
function needleOf(secret: string): Buffer | undefined {
  if (!secretBytes.has(secret)) {
    const spelled = Buffer.from(secret)
    if (secretBytes.size > 64) secretBytes.clear()
    secretBytes.set(secret, spelled.toString() === secret ? spelled : undefined)
  }
  return secretBytes.get(secret)
}
