/** Bytes several reads may take together (the chunks of one batch share one response cap). */
export interface ByteBudget {
  left: number
}

/**
 * The body as text, or `undefined` when it is longer than `maxBytes`, or takes more than is
 * left of a shared budget (the rest is not read).
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number | ByteBudget): Promise<string | undefined> {
  const bytes = await readBytes(body, typeof maxBytes === 'number' ? { left: maxBytes } : maxBytes)
  return bytes && new TextDecoder().decode(bytes)
}

/** The body's bytes, or `undefined` when they take more than is left of `budget` (the rest is not read). */
export async function readBytes(body: ReadableStream<Uint8Array> | null, budget: ByteBudget): Promise<Uint8Array | undefined> {
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    budget.left -= value.byteLength
    if (budget.left < 0) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  return joinPieces(chunks)
}

/** Pieces of a body as one array (the piece itself when there is one). */
export function joinPieces(pieces: readonly Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0]!
  const all = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const p of pieces) {
    all.set(p, at)
    at += p.byteLength
  }
  return all
}
