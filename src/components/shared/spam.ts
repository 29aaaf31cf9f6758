import type { Erc20Transfer, NftTransfer, TransactionEntry } from '../../core/history/schema.js'
import { sameAddress } from './direction.js'
import { isZero } from './format.js'

export interface HideRules {
  /** Show what is flagged `possible_spam` (hidden by default). */
  showSpam: boolean
  /** Hide ERC-20 transfers of zero value (address poisoning). */
  hideZeroValueTransfers: boolean
}

/**
 * Whether one token transfer is hidden under the rules: flagged spam, or a zero-value ERC-20 transfer.
 * The kind is said, not sniffed from fields: the model keeps unknown fields, so an NFT transfer may carry any.
 */
export function isHiddenTransfer(t: Erc20Transfer | NftTransfer, kind: 'erc20' | 'nft', rules: HideRules): boolean {
  if (rules.showSpam) return false
  if (t.possible_spam === true) return true
  return kind === 'erc20' && rules.hideZeroValueTransfers && isZero(t.value)
}

/**
 * Whether a whole transaction is hidden: it is flagged itself, or someone else sent it and
 * every transfer it carries is hidden (an airdropped spam token, a poisoning transfer).
 */
export function isHiddenTransaction(tx: TransactionEntry, wallet: string | undefined, rules: HideRules): boolean {
  if (rules.showSpam) return false
  if (tx.possible_spam === true) return true
  if (sameAddress(tx.from_address, wallet)) return false
  // Run for every entry of the feed on each change: no intermediate arrays.
  if (tx.erc20_transfer.length + tx.nft_transfers.length === 0 || tx.native_transfers.some((n) => !isZero(n.value))) return false
  return tx.erc20_transfer.every((t) => isHiddenTransfer(t, 'erc20', rules)) && tx.nft_transfers.every((t) => isHiddenTransfer(t, 'nft', rules))
}

/** Whether anything about the transaction is flagged as possible spam (to mark it when shown). */
export function isSpamTransaction(tx: TransactionEntry): boolean {
  return tx.possible_spam === true || tx.erc20_transfer.some((t) => t.possible_spam === true) || tx.nft_transfers.some((t) => t.possible_spam === true)
}
