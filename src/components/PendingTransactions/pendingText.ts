import { summarizeTracked, type TrackedTokenLookup } from '../../core/live/display.js'
import type { TrackedTransaction } from '../../core/live/record.js'
import { displayAddress } from '../shared/address.js'
import { formatDecimal, ROW_DIGITS } from '../shared/format.js'
import { cleanText, clipText } from '../shared/text.js'
import type { LivePart, MainPart } from '../../i18n/types.js'
import type { Translator } from '../../i18n/useMessages.js'

export type LiveTranslator = Translator<MainPart & LivePart>

/** A token symbol from the service: cleaned and clipped, or null. */
function symbolText(symbol: string | null): string | null {
  const cleaned = cleanText(symbol)
  return cleaned === null ? null : clipText(cleaned, 12).shown
}

/** The transaction in one sentence ("Sending 25 USDC to 0x…", the service's symbol cleaned): its name in announcements and labels. */
export function rowText(record: TrackedTransaction, tokens: TrackedTokenLookup | undefined, t: LiveTranslator): string {
  const s = summarizeTracked(record, { tokens })
  const m = t.messages.tracked
  const sentences = m[s.stage]
  const number = s.amount === null ? null : formatDecimal(s.amount, t.locale, ROW_DIGITS)
  const symbol = symbolText(s.symbol)
  const amount =
    number === null ? ''
    : s.kind === 'token' && symbol === null ? t.format(m.tokenAmount, { amount: number, token: displayAddress(s.token!).short })
    : symbol === null ? number
    : t.format(m.amount, { amount: number, symbol })
  const to = s.to === null ? '' : displayAddress(s.to).short
  switch (s.kind) {
    case 'token':
    case 'native':
      return t.format(to ? sentences.transfer : sentences.transferAnywhere, { amount, to })
    case 'call':
      return t.format(amount ? sentences.callWithValue : sentences.call, { amount, to })
    default:
      return sentences[s.kind]
  }
}
