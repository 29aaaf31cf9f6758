import type { Catalogue } from './types.js'

const accented: Readonly<Record<string, string>> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ğ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ľ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', w: 'ŵ', y: 'ý', z: 'ž',
  A: 'Å', C: 'Ç', D: 'Ð', E: 'É', G: 'Ĝ', I: 'Í', L: 'Ľ', N: 'Ñ', O: 'Ó', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', Y: 'Ý', Z: 'Ž',
}

/**
 * One message pseudo-localized: every letter accented, about 35 % longer, in brackets; the
 * `{placeholders}` untouched. English that escapes the catalogue stands out beside it, and so
 * does a layout that breaks on longer text.
 */
export function pseudoMessage(message: string): string {
  const parts = message.split(/(\{\w+\})/)
  const letters = message.replace(/\{\w+\}/g, '').length
  const text = parts.map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => accented[c] ?? c).join(''))).join('')
  const padding = '·'.repeat(Math.ceil(letters * 0.35))
  return `[${text}${padding ? ` ${padding}` : ''}]`
}

/** The pseudo-locale `en-XA`: English with every message passed through {@link pseudoMessage}. */
export function pseudoCatalogue<T>(catalogue: T): T {
  if (typeof catalogue === 'string') return pseudoMessage(catalogue) as T
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(catalogue as Catalogue)) out[key] = pseudoCatalogue(value)
  return out as T
}
