import { erc1155Abi, erc20Abi, erc721Abi, formatUnits, hexToNumber, parseEventLogs, type RpcLog } from 'viem'
import type { TokenReader } from './tokens.js'

// ERC-20 and ERC-721 `Transfer` share a selector (only the indexed count differs). viem 2.37, the lowest
// supported, decodes a selector with its first ABI item only and leaves `logIndex` as the node's hex:
// so the ERC-721 `Transfer` gets its own pass over what the first did not decode, and indexes are read here.
const fungibleEvents = [...erc20Abi, ...erc1155Abi].filter((x) => x.type === 'event' && (x.name === 'Transfer' || x.name === 'TransferSingle' || x.name === 'TransferBatch'))
const nftTransferEvent = erc721Abi.filter((x) => x.type === 'event' && x.name === 'Transfer')
const eventName = ['Transfer', 'TransferSingle', 'TransferBatch'] as const

const indexOf = (v: number | string): number => (typeof v === 'string' ? hexToNumber(v as `0x${string}`) : v)

/**
 * The token transfers these logs record, decoded with viem's ERC-20/721/1155 ABIs, in log order. Call it
 * once for many receipts: viem hashes the ABI's event signatures on every call.
 */
export function decodeTransfers(logs: readonly RpcLog[]) {
  const fungible = parseEventLogs({ abi: fungibleEvents, eventName: [...eventName], logs: [...logs], strict: true })
  const key = (l: { transactionHash: string | null; logIndex: number | string | null }) => `${l.transactionHash}:${l.logIndex === null ? '' : indexOf(l.logIndex)}`
  const done = new Set(fungible.map(key))
  const rest = logs.filter((l) => !done.has(key(l)))
  const nft = parseEventLogs({ abi: nftTransferEvent, eventName: 'Transfer', logs: rest, strict: true })
  const all = [...fungible, ...nft].map((l) => ({ ...l, blockNumber: BigInt(l.blockNumber ?? 0), logIndex: indexOf(l.logIndex as number | string) }))
  return all.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1))
}

export type DecodedTransfer = ReturnType<typeof decodeTransfers>[number]

/** Every contract that emitted a `Transfer` (lowercase): the ones whose name and symbol the history shows. */
export function transferEmitters(decoded: readonly DecodedTransfer[]): Set<string> {
  return new Set(decoded.filter((l) => l.eventName === 'Transfer').map((l) => l.address.toLowerCase()))
}

export interface TransferContext {
  hash: string
  transactionIndex: number
  /** The transaction's value in wei, as decimal text (the spec repeats it on NFT transfers). */
  value: string
  /** block_number, block_hash, block_timestamp. */
  block: Record<string, string>
}

/**
 * The spec's `erc20_transfer` and `nft_transfers` entries of one transaction's decoded logs,
 * in log order, and every address they move tokens between.
 */
export async function transfersOf(decoded: readonly DecodedTransfer[], tx: TransferContext, tokens: TokenReader) {
  const erc20Transfers: Record<string, unknown>[] = []
  const nftTransfers: Record<string, unknown>[] = []
  const touched = new Set<string>()
  for (const log of decoded) {
    const address = log.address.toLowerCase()
    const nftCommon = {
      token_address: address,
      value: tx.value,
      ...tx.block,
      transaction_hash: tx.hash,
      transaction_index: String(tx.transactionIndex),
      log_index: String(log.logIndex),
      verified_collection: 'false',
    }
    if (log.eventName === 'Transfer' && 'value' in log.args) {
      const from = log.args.from.toLowerCase()
      const to = log.args.to.toLowerCase()
      touched.add(from).add(to)
      const t = await tokens.info(address)
      erc20Transfers.push({
        token_name: t.name,
        token_symbol: t.symbol,
        token_logo: null,
        token_decimals: t.decimals === null ? null : String(t.decimals),
        transaction_hash: tx.hash,
        address,
        ...tx.block,
        to_address: to,
        to_address_label: null,
        from_address: from,
        from_address_label: null,
        value: log.args.value.toString(),
        value_formatted: t.decimals === null ? null : formatUnits(log.args.value, t.decimals),
        // The spec's table shows these two as numbers.
        transaction_index: tx.transactionIndex,
        log_index: log.logIndex,
        possible_spam: String(t.possibleSpam),
        verified_contract: 'false',
      })
    } else if (log.eventName === 'Transfer' && 'tokenId' in log.args) {
      const from = log.args.from.toLowerCase()
      const to = log.args.to.toLowerCase()
      touched.add(from).add(to)
      const t = await tokens.info(address)
      nftTransfers.push({
        ...nftCommon,
        token_id: log.args.tokenId.toString(),
        from_address: from, from_address_label: null,
        to_address: to, to_address_label: null,
        amount: '1',
        contract_type: 'ERC721',
        transaction_type: 'Single',
        operator: null,
        possible_spam: String(t.possibleSpam),
      })
    } else if (log.eventName === 'TransferSingle' || log.eventName === 'TransferBatch') {
      const { operator, from, to } = log.args
      touched.add(from.toLowerCase()).add(to.toLowerCase())
      const single = log.eventName === 'TransferSingle'
      const [ids, amounts] = single ? [[log.args.id], [log.args.value]] : [log.args.ids, log.args.values]
      for (const [k, id] of ids.entries()) {
        nftTransfers.push({
          ...nftCommon,
          token_id: id.toString(),
          from_address: from.toLowerCase(), from_address_label: null,
          to_address: to.toLowerCase(), to_address_label: null,
          amount: (amounts[k] ?? 0n).toString(),
          contract_type: 'ERC1155',
          transaction_type: single ? 'Single' : 'Batch',
          operator: operator.toLowerCase(),
          possible_spam: 'false',
        })
      }
    }
  }
  return { erc20Transfers, nftTransfers, touched }
}
