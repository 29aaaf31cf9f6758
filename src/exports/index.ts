// blockfeed: the fetch core. No React is imported below this entry.
export { createClient } from '../core/client.js'
export type { BlockfeedClient, ClientConfig, RequestOptions, RpcConfig, RpcOptions } from '../core/client.js'
export type { HeadStreamConfig } from '../core/clientTypes.js'

export {
  BlockfeedError,
  HttpStatusError,
  InvalidParameterError,
  JsonRpcError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  isAbortError,
  isBlockfeedError,
} from '../core/errors.js'
export type { BlockfeedErrorName } from '../core/errors.js'

export { chainHexIds, chainNames, checkChain, getChainInfo, isChainName } from '../core/chains.js'
export type { ChainHexId, ChainInfo, ChainInput, ChainName } from '../core/chains.js'

export { parseJsonLossless } from '../core/json.js'
export type { RetryConfig, RetryOption } from '../core/retry.js'

export {
  erc20TransferSchema,
  internalTransactionSchema,
  logEntrySchema,
  nativeTransferSchema,
  nftTransferSchema,
  readWalletHistoryPage,
  transactionEntrySchema,
  walletHistoryPageSchema,
} from '../core/history/schema.js'
export type {
  Direction,
  Erc20Transfer,
  InternalTransaction,
  LogEntry,
  NativeTransfer,
  NftTransfer,
  TransactionEntry,
  WalletHistoryPage,
} from '../core/history/schema.js'
export { normalizeWalletHistoryParameters, toWalletHistorySearchParams, walletHistoryPath } from '../core/history/params.js'
export type {
  BlockNumberInput,
  DateInput,
  NormalizedWalletHistoryParameters,
  WalletHistoryParameters,
} from '../core/history/params.js'
export { nextCursor } from '../core/history/pages.js'

export { isRpcMethod, normalizeRpcRequest, rpcMethods } from '../core/rpc/methods.js'
export type { RpcMethod, RpcParameters, RpcRequest, RpcReturnType } from '../core/rpc/methods.js'

export { walletHistoryInfiniteQueryOptions, walletHistoryQueryKey } from '../core/query/walletHistory.js'
export type {
  QueryKeyClient,
  WalletHistoryData,
  WalletHistoryInfiniteQueryOptions,
  WalletHistoryQueryKey,
  WalletHistoryQueryKeyParameters,
} from '../core/query/walletHistory.js'
export { isHeadFollowingRpcQuery, rpcHeadQueryFilter, rpcQueryKey, rpcQueryOptions } from '../core/query/rpc.js'
export type { RpcQueryKey, RpcQueryKeyParameters, RpcQueryOptions, RpcQueryParameters } from '../core/query/rpc.js'
export type { BlockfeedQueryError } from '../core/query/error.js'
export { sendRawTransactionMutationOptions } from '../core/query/sendRawTransaction.js'
export type { SendRawTransactionVariables } from '../core/query/sendRawTransaction.js'

export { exportWalletHistoryCsv } from '../core/export/csv.js'
export type { ExportProgress, ExportResumePoint, ExportWalletHistoryCsvOptions, ExportWalletHistoryCsvParameters, WalletHistoryCsvExport } from '../core/export/csv.js'
export { csvColumns } from '../core/export/rows.js'
export type { CsvColumn } from '../core/export/rows.js'
export {
  checkWalletHistoryFilter,
  filterWalletHistory,
  filtersEntries,
  prepareWalletHistoryFilter,
  walletHistoryFilterFromSearchParams,
  walletHistoryFilterPredicate,
  walletHistoryFilterToSearchParams,
} from '../core/history/filter.js'
export type { FilterDirection, FilterKind, WalletHistoryFilter } from '../core/history/filter.js'
export { entryFlows } from '../core/history/flows.js'
export type { Flow, FlowKind } from '../core/history/flows.js'

export { createTransactionTracker, decodeTokenTransfer, defaultConfirmations } from '../core/live/tracker.js'
export type { TrackParameters, TrackedTransactionFilter, TransactionTracker, TransactionTrackerOptions } from '../core/live/tracker.js'
export { trackedStatuses } from '../core/live/record.js'
export { trackedTransactionSchema } from '../core/live/recordSchema.js'
export type { TrackedReceiptTransfers, TrackedStatus, TrackedTokenTransfer, TrackedTransaction, TrackedTransferLine } from '../core/live/record.js'
export { defaultTrackerStorage, localStorageAdapter, memoryStorage } from '../core/live/storage.js'
export type { TrackerStorage } from '../core/live/storage.js'
export { activeHeadPollers, watchHead } from '../core/live/headPoller.js'
export type { HeadListener } from '../core/live/headPoller.js'
export { clearPersistedHistory } from '../core/persist/clear.js'
export type { ClearPersistedHistoryOptions } from '../core/persist/clear.js'
export type { HistoryStorage, PersistHistoryOptions } from '../core/persist/options.js'

export { applyMergedPage, mergedEntryId, mergedWalletHistoryPages, type MergedSourceState, type MergedSourceStatus, type MergedTransactionEntry, type MergedWalletHistoryIterator, type MergedWalletHistoryPage, type MergedWalletHistoryParameters } from '../core/history/merge.js'
export { confirmationsAt, getTransactionDetails } from '../core/details/getTransactionDetails.js'
export type { GetTransactionDetailsParameters, TransactionAmount, TransactionDetails, TransactionDetailsLog, TransactionMethod } from '../core/details/getTransactionDetails.js'
export { transactionDetailsQueryKey, transactionDetailsQueryOptions } from '../core/details/query.js'
export type { TransactionDetailsQueryKey, TransactionDetailsQueryOptions } from '../core/details/query.js'
export { approvalsFromLogs, approvalsOf, isApprovalStatesStale, readApprovals, revokeApprovalRequest } from '../core/details/approvals.js'
export type { Approval, ApprovalKind, ApprovalStatus, RevokeRequest } from '../core/details/approvals.js'
export { approvalStatesQueryKey, approvalStatesQueryOptions, getApprovalStates } from '../core/details/approvalStates.js'
export type { ApprovalStates, ApprovalStatesQueryKey, ApprovalStatesQueryOptions, ApprovalToCheck, GetApprovalStatesParameters } from '../core/details/approvalStates.js'
export { knownAbi, routerAbi, wethAbi } from '../core/details/abis.js'
export { getNames } from '../core/details/names.js'
export type { GetNamesParameters, Names } from '../core/details/names.js'
export { NAME_STALE_MS, nameQueryKey, namesQueryKey, namesQueryOptions } from '../core/details/namesQuery.js'
export type { NameQueryKey, NamesQueryKey } from '../core/details/namesQuery.js'
export { pendingRecords, summarizeTracked, tokenInfoFromEntries, trackedToEntry, transfersFromLogs } from '../core/live/display.js'
export type { ReceiptLog, TrackedDisplayOptions, TrackedSummary, TrackedTokenInfo, TrackedTokenLookup } from '../core/live/display.js'
