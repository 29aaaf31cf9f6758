import type { TransactionEntry } from '../../core/history/schema.js'
import { nativeFlows, type NativeFlow } from '../../core/history/flows.js'
import { Address } from '../Address/Address.js'
import { Erc20TransferRow } from '../Erc20TransferRow/Erc20TransferRow.js'
import { InternalTransactionRow } from '../InternalTransactionRow/InternalTransactionRow.js'
import { NativeTransferRow } from '../NativeTransferRow/NativeTransferRow.js'
import { NftTransferRow } from '../NftTransferRow/NftTransferRow.js'
import { Counterparty, sides } from '../shared/Counterparty.js'
import { isContractCreation, isFailed, transactionDirection } from '../shared/direction.js'
import type { DisplayOptions } from '../shared/options.js'
import { isHiddenTransfer, type HideRules } from '../shared/spam.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'
import { impliedNativeTransfer } from './rowFacts.js'

export interface RowTransfersProps extends DisplayOptions, HideRules {
  transaction: TransactionEntry
  wallet: string | undefined
}

/** Every transfer of a transaction, each on its own line with its parties: what a row's details list. */
export function RowTransfers({ transaction: tx, wallet, showSpam, hideZeroValueTransfers, ...options }: RowTransfersProps) {
  const { chain, renderLink } = options
  const t = useMessages(options.locale, detailsMessages)
  const m = t.messages.rowDetails
  const rules = { showSpam, hideZeroValueTransfers }
  const direction = transactionDirection(tx, wallet)
  const failed = isFailed(tx)
  const creation = isContractCreation(tx)
  const implied = impliedNativeTransfer(tx)
  const erc20 = tx.erc20_transfer.filter((t) => !isHiddenTransfer(t, 'erc20', rules))
  const nfts = tx.nft_transfers.filter((t) => !isHiddenTransfer(t, 'nft', rules))
  const hidden = tx.erc20_transfer.length + tx.nft_transfers.length - erc20.length - nfts.length
  // The implied transfer joins the service's native ones, so an internal call repeating it is matched too.
  const natives = implied ? [implied] : tx.native_transfers
  const flows = nativeFlows(natives, tx.internal_transactions)
  const bare = !creation && flows.length + erc20.length + nfts.length === 0
  const flowLine = (f: NativeFlow) =>
    f.kind === 'native'
      ? <li key={`n${f.index}`}><NativeTransferRow transfer={f.transfer} wallet={wallet} failed={failed} {...options} /></li>
      : <li key={`i${f.index}`}><InternalTransactionRow transaction={f.transaction} wallet={wallet} failed={failed} {...options} /></li>
  return (
    <ul className="bf-transfers" aria-label={m.transfers}>
      {creation && tx.receipt_contract_address && (
        <li className="bf-transfer" data-kind="contract-creation" data-direction={direction}>
          <span className="bf-badge" data-kind="contract-creation">{m.newContract}</span>
          <Address address={tx.receipt_contract_address} chain={chain} renderLink={renderLink} />
        </li>
      )}
      {bare && (
        <li className="bf-transfer" data-kind="call" data-direction={direction}>
          <Counterparty direction={direction === 'out' || direction === 'self' ? 'out' : direction} {...sides(tx)} chain={chain} renderLink={renderLink} t={t} />
        </li>
      )}
      {flows.slice(0, natives.length).map(flowLine)}
      {erc20.map((t, i) => <li key={`e${i}-${t.log_index ?? ''}`}><Erc20TransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
      {nfts.map((t, i) => <li key={`t${i}-${t.log_index ?? ''}`}><NftTransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
      {/* Internal calls that repeat no native transfer keep their place after the token lines. */}
      {flows.slice(natives.length).map(flowLine)}
      {hidden > 0 && <li className="bf-transfer bf-muted">{t.plural(m.hiddenTransfers, hidden)}</li>}
    </ul>
  )
}
