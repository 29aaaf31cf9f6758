import { decodeEventLog, erc1155Abi, erc20Abi, erc721Abi, getAddress, type Hex } from 'viem'
import type { TrackedReceiptTransfers, TrackedTransferLine } from './record.js'

/** Lines kept per record: a record is stored (localStorage), and one airdrop or batch can emit thousands. */
export const MAX_RECEIPT_TRANSFER_LINES = 20

// ERC-20 and ERC-721 `Transfer` share a selector (only the indexed count differs), and viem 2.37 (the
// lowest supported) decodes a selector with its first ABI item only: the ERC-721 one is tried second.
const erc721Transfer = erc721Abi.filter((x) => x.type === 'event' && x.name === 'Transfer')
const fungible = [...erc20Abi, ...erc1155Abi].filter((x) => x.type === 'event' && (x.name === 'Transfer' || x.name === 'TransferSingle' || x.name === 'TransferBatch'))

function decode(topics: [Hex, ...Hex[]], data: Hex) {
  try {
    return decodeEventLog({ abi: fungible, topics, data, strict: true })
  } catch {
    return decodeEventLog({ abi: erc721Transfer, topics, data, strict: true })
  }
}

type RawLog = { address: string; topics: Hex[]; data: Hex; logIndex?: unknown }
const rawLog = (l: unknown): l is RawLog =>
  l !== null && typeof l === 'object' && typeof (l as RawLog).address === 'string' && Array.isArray((l as RawLog).topics) && typeof (l as RawLog).data === 'string'

function indexOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^0x[0-9a-f]{1,12}$/i.test(value) ? Number.parseInt(value, 16) : NaN
  return Number.isSafeInteger(n) && n >= 0 ? n : null
}

/**
 * A receipt's token transfers (ERC-20 and ERC-721 `Transfer`, ERC-1155 `TransferSingle` and
 * `TransferBatch`, one line per id), decoded with viem's ABIs, in log order; at most
 * {@link MAX_RECEIPT_TRANSFER_LINES} lines are kept, `total` says how many there were.
 * Logs that are not transfers, or do not decode (a malformed node answer), are skipped.
 */
export function receiptTransfers(logs: unknown): TrackedReceiptTransfers {
  const lines: TrackedTransferLine[] = []
  let total = 0
  if (!Array.isArray(logs)) return { lines, total }
  const push = (line: TrackedTransferLine) => {
    total++
    if (lines.length < MAX_RECEIPT_TRANSFER_LINES) lines.push(line)
  }
  for (const log of logs) {
    if (!rawLog(log)) continue
    let token: `0x${string}`
    let decoded
    try {
      token = getAddress(log.address)
      const topics = log.topics as [Hex, ...Hex[]]
      decoded = decode(topics, log.data)
    } catch {
      continue // not a transfer, or not one that decodes
    }
    const logIndex = indexOf(log.logIndex)
    const a = decoded.args
    // Told apart by their arguments: the event names do not say ERC-20 from ERC-721.
    if ('tokenId' in a) {
      push({ kind: 'erc721', token, from: a.from, to: a.to, amount: '1', tokenId: a.tokenId.toString(), logIndex })
    } else if ('ids' in a) {
      for (const [k, id] of a.ids.entries()) {
        push({ kind: 'erc1155', token, from: a.from, to: a.to, amount: (a.values[k] ?? 0n).toString(), tokenId: id.toString(), logIndex })
      }
    } else if ('id' in a) {
      push({ kind: 'erc1155', token, from: a.from, to: a.to, amount: a.value.toString(), tokenId: a.id.toString(), logIndex })
    } else if ('value' in a) {
      push({ kind: 'erc20', token, from: a.from, to: a.to, amount: a.value.toString(), tokenId: null, logIndex })
    }
  }
  return { lines, total }
}
