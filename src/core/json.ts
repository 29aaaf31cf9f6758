// JSON.parse that keeps integers above 2^53 exact: a bare JSON number too large for a double is
// read as its decimal text instead (Node 20's JSON.parse has no source-text access, so the text is
// rewritten before parsing). Bodies with no such number take the plain JSON.parse path untouched.
const MAYBE_BIG = /[:,[]\s*-?\d{16,}/

/**
 * Parses JSON text like `JSON.parse`, but keeps integers too large for a JavaScript number
 * (above 2^53) exact, as their decimal text.
 *
 * Use it on a wallet-history body you fetched yourself before `readWalletHistoryPage`, so a value
 * in wei sent as a bare JSON number is not rounded.
 *
 * @param text - JSON text.
 * @returns The parsed value; integers above 2^53 (or below -2^53) become strings such as `"12345678901234567890"`.
 * @throws SyntaxError When the text is not JSON (as `JSON.parse` does).
 * @example
 * ```ts
 * import { parseJsonLossless } from 'blockfeed'
 *
 * const value = parseJsonLossless('{"value": 12345678901234567890}') as { value: string }
 * console.log(value.value) // '12345678901234567890'
 * ```
 */
export function parseJsonLossless(text: string): unknown {
  if (!MAYBE_BIG.test(text)) return JSON.parse(text)
  return JSON.parse(quoteUnsafeIntegers(text))
}

function quoteUnsafeIntegers(text: string): string {
  let out = ''
  let last = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      // Skip the whole string, honouring escapes.
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d === 92 /* \ */) i += 2
        else if (d === 34) break
        else i++
      }
      i++
      continue
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      const start = i
      i++
      let integer = true
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d >= 48 && d <= 57) i++
        else if (d === 46 || d === 101 || d === 69 || d === 43 || d === 45) {
          integer = false
          i++
        } else break
      }
      const token = text.slice(start, i)
      if (integer && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(last, start)}"${token}"`
        last = i
      }
      continue
    }
    i++
  }
  return last === 0 ? text : out + text.slice(last)
}
