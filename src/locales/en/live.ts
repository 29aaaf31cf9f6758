/** English, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. The source of these keys for every locale. */
const live = {
  pending: {
    title: 'Pending',
    titleOnChain: 'Pending on {chain}',
    status: {
      pending: 'Sending',
      confirming: 'Confirming',
      confirmed: 'Confirmed',
      failed: 'Failed',
      replaced: 'Replaced',
      dropped: 'Dropped',
    },
    announce: {
      confirmed: 'Transaction confirmed: {transaction}',
      failed: 'Transaction failed: {transaction}',
      replaced: 'Transaction replaced: {transaction}',
      dropped: 'Transaction dropped: {transaction}',
    },
    to: 'To {party}',
    confirmations: {
      one: '{count} of {target} confirmations',
      other: '{count} of {target} confirmations',
    },
    replacedBy: 'by {hash}',
    view: 'View on explorer',
    /** Read after "View on explorer". */
    viewHidden: 'transaction {hash}',
    /** Read after a shortened hash. */
    hashHidden: '({hash})',
    sendAgain: 'Send again',
    dismiss: 'Dismiss',
    dismissLabel: 'Dismiss {transaction}',
    sendFailed: 'Could not send it again: {reason}',
    /** Why a dropped transaction is over (the tracker's own words stay in the record, for developers). */
    droppedReason: 'The network no longer knows this transaction; it was never included in a block.',
  },
  /** One tracked transaction in a sentence, by its state: under way, confirmed, or over (failed, replaced, dropped). */
  tracked: {
    sending: {
      transfer: 'Sending {amount} to {to}',
      transferAnywhere: 'Sending {amount}',
      call: 'Calling {to}',
      callWithValue: 'Calling {to} with {amount}',
      deploy: 'Deploying a contract',
      unknown: 'Sending a transaction',
    },
    sent: {
      transfer: 'Sent {amount} to {to}',
      transferAnywhere: 'Sent {amount}',
      call: 'Called {to}',
      callWithValue: 'Called {to} with {amount}',
      deploy: 'Deployed a contract',
      unknown: 'Transaction sent',
    },
    ended: {
      transfer: 'Send {amount} to {to}',
      transferAnywhere: 'Send {amount}',
      call: 'Call {to}',
      callWithValue: 'Call {to} with {amount}',
      deploy: 'Deploy a contract',
      unknown: 'Transaction',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} of token {token}',
  },
  notices: {
    list: 'Chains that failed to load',
    requestFailed: 'the request failed',
    failed: '{chain} history could not be loaded: {reason}',
    failedFor: '{chain} history for {wallet} could not be loaded: {reason}',
    retry: 'Try again',
    retryLabel: 'Try again: {chain}',
    retryLabelFor: 'Try again: {chain} for {wallet}',
  },
}

export default live
