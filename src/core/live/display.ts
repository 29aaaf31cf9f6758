// Showing a tracked transaction in the feed: its entry, what it says, the tokens the rows know, the shapes and the
// pending group's rule, each in its own file beside this one and re-exported here, where the components import them.
export { pendingRecords, type ReceiptLog, type TrackedDisplayOptions, type TrackedSummary, type TrackedTokenInfo, type TrackedTokenLookup } from './displayTypes.js'
export { summarizeTracked } from './summarizeTracked.js'
export { tokenInfoFromEntries } from './tokenInfo.js'
export { trackedToEntry, transfersFromLogs } from './trackedEntry.js'
