import type { InternalTransaction, NativeTransfer } from '../../core/history/schema.js'
import { sameAddress } from './direction.js'

/** One native-value flow of a transaction, as the row shows it: the native transfer's line or the internal call's. */
export type NativeFlow =
  | { kind: 'native'; transfer: NativeTransfer; index: number }
  | { kind: 'internal'; transaction: InternalTransaction; index: number }

const isSet = (v: unknown) => v != null && v !== ''

/** What a native transfer line shows beyond the amount: names, symbol, logo, the service's own amount text. */
function nativeDetail(t: NativeTransfer): number {
  return [t.from_address_label, t.to_address_label, t.token_symbol, t.token_logo, t.value_formatted].filter(isSet).length
}

/** What an internal call line shows beyond the amount: its call type. */
function internalDetail(t: InternalTransaction): number {
  return isSet(t.type) ? 1 : 0
}

const sameValue = (a: string, b: string) => a === b || (/^\d+$/.test(a) && /^\d+$/.test(b) && BigInt(a) === BigInt(b))

/**
 * The native transfers and internal calls of a transaction, each money flow once. With
 * `include_internal_transactions` the service lists an internal payment in both lists; a pair
 * matching on from, to and value is one flow, shown by whichever line carries more detail
 * (the native transfer on a tie). Pairs match one to one, so two equal payments stay two.
 * The first `native.length` flows take the native transfers' places; unmatched calls follow.
 */
export function nativeFlows(native: readonly NativeTransfer[], internal: readonly InternalTransaction[]): NativeFlow[] {
  const flows: NativeFlow[] = native.map((transfer, index) => ({ kind: 'native', transfer, index }))
  const taken = new Set<number>()
  internal.forEach((call, index) => {
    const match = native.findIndex(
      (t, i) => !taken.has(i) && sameAddress(t.from_address, call.from) && sameAddress(t.to_address, call.to) && sameValue(t.value, call.value),
    )
    if (match === -1) {
      flows.push({ kind: 'internal', transaction: call, index })
      return
    }
    taken.add(match)
    if (internalDetail(call) > nativeDetail(native[match]!)) flows[match] = { kind: 'internal', transaction: call, index }
  })
  return flows
}
