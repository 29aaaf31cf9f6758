/** English, export: The CSV export’s progress and outcome, and the localized CSV column titles. The source of these keys for every locale. */
const exportPart = {
  export: {
    cancel: 'Cancel',
    exporting: 'Exporting history',
    starting: 'Starting…',
    transactions: {
      one: '{count} transaction',
      other: '{count} transactions',
    },
    upTo: '{transactions}, up to {date}',
    saved: {
      one: 'Saved {count} row',
      other: 'Saved {count} rows',
    },
    cancelled: 'Export cancelled',
    stopped: 'Export stopped after {progress}',
    stoppedBecause: 'Export stopped after {progress}: {reason}',
    nothing: 'no transactions',
  },
  /** CSV column titles with `headers: 'localized'`; the default file keeps the stable English keys. */
  csv: {
    hash: 'Transaction hash',
    timestamp: 'Time (UTC)',
    block_number: 'Block',
    chain: 'Chain',
    category: 'Category',
    kind: 'Kind',
    direction: 'Direction',
    from: 'From',
    to: 'To',
    counterparty: 'Counterparty',
    token_address: 'Token contract',
    token_symbol: 'Token symbol',
    token_decimals: 'Token decimals',
    token_id: 'Token ID',
    amount: 'Amount (raw units)',
    amount_decimal: 'Amount',
    fee_wei: 'Fee (wei)',
    fee: 'Fee',
    status: 'Status',
    possible_spam: 'Possible spam',
  },
}

export default exportPart
