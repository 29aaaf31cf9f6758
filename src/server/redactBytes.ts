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
 * when it is in the bytes. A secret beyond ASCII or a body that opens with a BOM answer true (the
 * exact path then).
 */
export function mayHoldSecret(pieces: Pieces, secrets: readonly string[]): boolean {
  // A BOM is dropped by the text path (a client's decoder then drops a second one): left to it.
  if (opensWithBom(pieces)) return true
  for (const piece of pieces) if (asBuffer(piece).indexOf(BACKSLASH) !== -1) return true
  for (const secret of secrets) {
    if (!secret) continue
    const needle = needleOf(secret)
    if (!needle || needle.length !== secret.length) return true
    for (let i = 0; i < pieces.length; i++) {
      if (holds(asBuffer(pieces[i]!), needle)) return true
      // A secret cut by the edge after this piece, perhaps over several short pieces.
      if (needle.length > 1 && i + 1 < pieces.length && aroundEdge(pieces, i, needle.length - 1).indexOf(needle) !== -1) return true
    }
  }
  return false
}

/** The `reach` bytes before the edge after piece `i` and the `reach` bytes after it, gathered over as many pieces as they take. */
function aroundEdge(pieces: Pieces, i: number, reach: number): Buffer {
  const before: Uint8Array[] = []
  for (let k = i, left = reach; k >= 0 && left > 0; k--) {
    const piece = pieces[k]!
    before.unshift(piece.subarray(Math.max(0, piece.byteLength - left)))
    left -= piece.byteLength
  }
  const after: Uint8Array[] = []
  for (let k = i + 1, left = reach; k < pieces.length && left > 0; k++) {
    const piece = pieces[k]!
    after.push(piece.subarray(0, left))
    left -= piece.byteLength
  }
  return Buffer.concat([...before, ...after])
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

/** Whether the body's first three bytes, over however many pieces they are in, are a BOM. */
function opensWithBom(pieces: Pieces): boolean {
  const first: number[] = []
  for (const piece of pieces) {
    for (let k = 0; k < piece.byteLength && first.length < 3; k++) first.push(piece[k]!)
    if (first.length === 3) break
  }
  return first.length === 3 && first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf
}

const startsWithBom = (bytes: Uint8Array): boolean => bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))

/**
 * Whether `body` holds `needle`: `indexOf` for short bodies and needles, else a look at one pair of
 * bytes every `needle.length - 1` (any copy of the needle covers one such pair whole), and a closer
 * look only where that pair is one of the needle's. About twice as fast as `indexOf` over a page of
 * hex digits, whose bytes are the first ones of most keys.
 */
function holds(body: Buffer, needle: Buffer): boolean {
  const m = needle.length
  const n = body.length
  if (m < 8 || n < 4096) return body.indexOf(needle) !== -1
  const pairs = pairsOf(needle)
  const step = m - 1
  for (let at = m - 2; at + 1 < n; at += step) {
    const pair = (body[at]! << 8) | body[at + 1]!
    if ((pairs[pair >>> 3]! & (1 << (pair & 7))) === 0) continue
    // A copy covering this pair starts at most m - 2 bytes before it.
    const last = Math.min(at, n - m)
    for (let start = Math.max(0, at - m + 2); start <= last; start++) {
      let k = 0
      while (k < m && body[start + k] === needle[k]) k++
      if (k === m) return true
    }
  }
  return false
}

/** The needle's pairs of adjacent bytes, as a set of 65,536 bits; made once per needle. */
function pairsOf(needle: Buffer): Uint8Array {
  let pairs = needlePairs.get(needle)
  if (!pairs) {
    pairs = new Uint8Array(8192)
    for (let k = 0; k + 1 < needle.length; k++) {
      const pair = (needle[k]! << 8) | needle[k + 1]!
      pairs[pair >>> 3]! |= 1 << (pair & 7)
    }
    needlePairs.set(needle, pairs)
  }
  return pairs
}
const needlePairs = new WeakMap<Buffer, Uint8Array>()

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
