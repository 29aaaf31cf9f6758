import { erc1155Abi, erc20Abi, erc721Abi, getAddress, parseEventLogs, type Log } from 'viem'
import type { TrackedReceiptTransfers, TrackedTransferLine } from './record.js'

/** Lines kept per record: a record is stored (localStorage), and one airdrop or batch can emit thousands. */
export const MAX_RECEIPT_TRANSFER_LINES = 20

// ERC-20 and ERC-721 `Transfer` share a name and a selector; viem tries each ABI item and keeps the one that decodes.
const transferEvents = [...erc20Abi, ...erc721Abi, ...erc1155Abi]

const hexLog = (l: unknown): l is Log =>
  l !== null && typeof l === 'object' && typeof (l as Log).address === 'string' && Array.isArray((l as Log).topics) && typeof (l as Log).data === 'string'

/**
 * A receipt's token transfers (ERC-20 and ERC-721 `Transfer`, ERC-1155 `TransferSingle` and
 * `TransferBatch`, one line per id), decoded with viem's `parseEventLogs`, in log order; at most
 * {@link MAX_RECEIPT_TRANSFER_LINES} lines are kept, `total` says how many there were.
 * Logs that are not transfers, or do not decode (a malformed node answer), are skipped.
 */
export function receiptTransfers(logs: unknown): TrackedReceiptTransfers {
  const lines: TrackedTransferLine[] = []
  let total = 0
  if (!Array.isArray(logs)) return { lines, total }
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(logs.filter(hexLog))
  } catch {
    return { lines, total }
  }
  const push = (line: TrackedTransferLine) => {
    total++
    if (lines.length < MAX_RECEIPT_TRANSFER_LINES) lines.push(line)
  }
  for (const log of parsed) {
    const token = getAddress(log.address)
    const logIndex = typeof log.logIndex === 'number' && Number.isSafeInteger(log.logIndex) ? log.logIndex : null
    const a = log.args
    // Told apart by their arguments: the event names do not say ERC-20 from ERC-721.
    if ('tokenId' in a) {
      push({ kind: 'erc721', token, from: a.from, to: a.to, amount: '1', tokenId: a.tokenId.toString(), logIndex })
    } else if ('ids' in a) {
      for (const [k, id] of a.ids.entries()) {
        push({ kind: 'erc1155', token, from: a.from, to: a.to, amount: (a.values[k] ?? 0n).toString(), tokenId: id.toString(), logIndex })
      }
    } else if ('id' in a) {
      push({ kind: 'erc1155', token, from: a.from, to: a.to, amount: a.value.toString(), tokenId: a.id.toString(), logIndex })
    } else {
      push({ kind: 'erc20', token, from: a.from, to: a.to, amount: a.value.toString(), tokenId: null, logIndex })
    }
  }
  return { lines, total }
}

function parse(logs: Log[]) {
  return parseEventLogs({ abi: transferEvents, eventName: ['Transfer', 'TransferSingle', 'TransferBatch'], logs, strict: true })
}
