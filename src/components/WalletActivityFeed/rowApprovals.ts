/** What the details panel needs once a transaction has approvals: loaded with the first such row. */
export { approvalsOf } from '../../core/details/approvals.js'
export { approvalStatesQueryKey, approvalStatesQueryOptions } from '../../core/details/approvalStates.js'
