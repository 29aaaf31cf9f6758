// One chunk for everything a row's details show, loaded when the first row is opened: the row's own
// panel (transfer lines, hash, fee, explorer) and the drop-in feed's node view. Both the row and the
// feed import this module (never the two files apart), so the feed loads one chunk, not two plus the
// parts they share; a row used alone loads the node view's code with it, unused.
export { default as RowDetailsPanel } from '../TransactionRow/RowDetailsPanel.js'
export { default as RowDetails } from '../WalletActivityFeed/RowDetails.js'
