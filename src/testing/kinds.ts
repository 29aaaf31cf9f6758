import { addressOf } from './prng.js'

/**
 * The fixture wallets and the kinds of transaction they hold; the wallet-history fixtures are, as RAW wire JSON (what a real deployment
 * sends, drift included), so stories and tests exercise the real reader of the fetch core.
 */

/** The named wallets. Addresses are lowercase, as the service sends them. */
export const wallets = {
  /** 330 transactions on eth (4 pages of 100) covering every kind, and 14 on each other chain. */
  rich: addressOf('wallet:rich'),
  /** 10,000 transactions on eth. */
  huge: addressOf('wallet:huge'),
  /** Six transactions: one page, no cursor. */
  fresh: addressOf('wallet:fresh'),
  /** No transactions on any chain. */
  empty: addressOf('wallet:empty'),
} as const

export type WalletName = keyof typeof wallets

/** What each fixture transaction shows, so stories can pick "the failed one" etc. */
export const transactionKinds = [
  'nativeOut',
  'nativeIn',
  'erc20In',
  'approveMax',
  'nft1155Batch',
  'swapInternal',
  'nativeSelf',
  'erc20Out',
  'nft721In',
  'contractCreation',
  'failed',
  'spamToken',
  'poisoning',
  'hostileToken',
  'nft721Out',
  'spamNft',
  'contractCall',
  'bridgeDeposit',
  'erc20Whole',
  'poisoningIn',
] as const
export type TransactionKind = (typeof transactionKinds)[number]

/** The everyday kinds: most of a wallet's history, and all of the huge and fresh wallets'. */
export const simpleKinds: readonly TransactionKind[] = ['nativeIn', 'nativeOut', 'erc20In', 'erc20Out', 'swapInternal']
