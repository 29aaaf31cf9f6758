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
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    budget.left -= value.byteLength
    if (budget.left < 0) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return all
}
