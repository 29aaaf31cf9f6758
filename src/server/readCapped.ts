/** Bytes several reads may take together (the chunks of one batch share one response cap). */
export interface ByteBudget {
  left: number
}

/**
 * The body as text, or `undefined` when it is longer than `maxBytes`, or takes more than is
 * left of a shared budget (the rest is not read).
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number | ByteBudget): Promise<string | undefined> {
  if (!body) return ''
  const budget = typeof maxBytes === 'number' ? { left: maxBytes } : maxBytes
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
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(all)
}
