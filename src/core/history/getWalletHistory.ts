import type { HistoryContext, RequestOptions } from '../clientTypes.js'
import {
  normalizeWalletHistoryParameters,
  toWalletHistorySearchParams,
  walletHistoryPath,
  type NormalizedWalletHistoryParameters,
  type WalletHistoryParameters,
} from './params.js'
import { readWalletHistoryResponse, type WalletHistoryPage } from './schema.js'

export type GetWalletHistoryParameters = WalletHistoryParameters
export type GetWalletHistoryReturnType = WalletHistoryPage

/**
 * GET /api/v2.2/wallets/{address}/history: one page of a wallet's history, normalized.
 * Parameters are checked before anything is sent.
 */
export async function getWalletHistory(
  ctx: HistoryContext,
  params: WalletHistoryParameters,
  options?: RequestOptions,
): Promise<WalletHistoryPage> {
  const normalized = normalizeWalletHistoryParameters(params, {
    chain: ctx.config.chain,
    extraChains: ctx.config.extraChains,
  })
  return getNormalizedWalletHistory(ctx, normalized, options)
}

/** The same, for parameters that are already normalized (query functions read them back from the key). */
export async function getNormalizedWalletHistory(
  ctx: HistoryContext,
  params: NormalizedWalletHistoryParameters,
  options?: RequestOptions,
): Promise<WalletHistoryPage> {
  const query = toWalletHistorySearchParams(params).toString()
  return ctx.getJson(`${walletHistoryPath(params.address)}${query ? `?${query}` : ''}`, readWalletHistoryResponse, options)
}
