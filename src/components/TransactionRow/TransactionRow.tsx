import { forwardRef, useContext, useId, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react'
import type { NativeTransfer, TransactionEntry } from '../../core/history/schema.js'
import { Address } from '../Address/Address.js'
import { ChainBadge } from '../ChainBadge/ChainBadge.js'
import { Erc20TransferRow } from '../Erc20TransferRow/Erc20TransferRow.js'
import { InternalTransactionRow } from '../InternalTransactionRow/InternalTransactionRow.js'
import { NativeTransferRow } from '../NativeTransferRow/NativeTransferRow.js'
import { NftTransferRow } from '../NftTransferRow/NftTransferRow.js'
import { RelativeTime } from '../RelativeTime/RelativeTime.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { ClippedText } from '../shared/ClippedText.js'
import { Counterparty, sides } from '../shared/Counterparty.js'
import { deriveCategory, isContractCreation, isFailed, sameAddress, transactionDirection } from '../shared/direction.js'
import { nativeFlows, type NativeFlow } from '../../core/history/flows.js'
import { isDecimalText } from '../shared/format.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import { NamesContext } from '../shared/names.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { isHiddenTransfer, isSpamTransaction } from '../shared/spam.js'
import { SpamMark } from '../shared/SpamMark.js'
import { categoryLabel, deriveSummary } from '../shared/summary.js'
import { cleanText } from '../shared/text.js'
import { explorerLink } from '../shared/url.js'

export interface TransactionRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLElement>, 'children'> {
  transaction: TransactionEntry
  /** The viewed wallet: direction, signs, counterparty and summary are from its side. */
  wallet?: string | undefined
  /** Show transfers flagged `possible_spam` (hidden by default). */
  showSpam?: boolean | undefined
  /** Hide ERC-20 transfers of zero value (address poisoning). */
  hideZeroValueTransfers?: boolean | undefined
  /** What to show below the transfers, e.g. a "Details" disclosure (`WalletActivityFeed` passes one). */
  renderDetails?: ((transaction: TransactionEntry) => ReactNode) | undefined
  /**
   * The chain badge of an entry that carries its `chain` (a merged feed's do): shown unless
   * `false`, so a list that passes rows through needs no new prop. Entries without one show none.
   */
  showChain?: boolean | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** The fee in whole native units: the service's `transaction_fee`, else gas used × gas price. */
function feeOf(tx: TransactionEntry): { value: string; formatted: string | null } | null {
  if (isDecimalText(tx.transaction_fee)) return { value: '0', formatted: tx.transaction_fee }
  if (tx.receipt_gas_used && tx.gas_price) return { value: (BigInt(tx.receipt_gas_used) * BigInt(tx.gas_price)).toString(), formatted: null }
  return null
}

/** The native value of the transaction itself, when the service sent no native transfer for it. */
function impliedNativeTransfer(tx: TransactionEntry): NativeTransfer | null {
  if (tx.native_transfers.length > 0 || BigInt(tx.value) === 0n) return null
  return {
    from_address: tx.from_address,
    from_address_label: tx.from_address_label,
    to_address: tx.to_address,
    to_address_label: tx.to_address_label,
    value: tx.value,
    value_formatted: null,
    direction: null,
    internal_transaction: false,
    token_symbol: null,
    token_logo: null,
  }
}

/**
 * One transaction as the viewed wallet sees it: summary (the service's or derived), category,
 * failed status, time, fee, explorer link, and every transfer it carried. Renders an
 * `<article>`; extra attributes (aria-posinset, tabIndex…) go onto it.
 */
export const TransactionRow = forwardRef<HTMLElement, TransactionRowProps>(function TransactionRow({
  transaction: tx,
  wallet: walletProp,
  chain: chainProp,
  locale,
  timeZone,
  renderLink = defaultRenderLink,
  ipfsGateway,
  showSpam = false,
  hideZeroValueTransfers = false,
  renderDetails,
  showChain = true,
  className,
  style,
  ...rest
}, ref) {
  const id = useId()
  const names = useContext(NamesContext)
  // A merged feed's entry says where it is from and whose view it is: that beats the list's one chain and wallet.
  const own = tx as TransactionEntry & { chain?: unknown; wallet?: unknown }
  const entryChain = Object.hasOwn(tx, 'chain') && typeof own.chain === 'string' ? own.chain : undefined
  const chain = entryChain ?? chainProp
  const wallet = Object.hasOwn(tx, 'wallet') && typeof own.wallet === 'string' ? own.wallet : walletProp
  const options = { chain, locale, timeZone, renderLink, ipfsGateway }
  const direction = transactionDirection(tx, wallet)
  const failed = isFailed(tx)
  const creation = isContractCreation(tx)
  const category = tx.category ?? deriveCategory(tx, wallet)
  const summary = cleanText(tx.summary) ?? deriveSummary(tx, wallet, chain, locale, names)
  const spam = isSpamTransaction(tx)
  const rules = { showSpam, hideZeroValueTransfers }
  const fee = feeOf(tx)
  const native = nativeCurrency(chain)
  const txHref = explorerLink(chain, 'tx', tx.hash)
  const implied = impliedNativeTransfer(tx)
  const erc20 = tx.erc20_transfer.filter((t) => !isHiddenTransfer(t, 'erc20', rules))
  const nfts = tx.nft_transfers.filter((t) => !isHiddenTransfer(t, 'nft', rules))
  const hiddenTransfers = tx.erc20_transfer.length + tx.nft_transfers.length - erc20.length - nfts.length
  // The implied transfer joins the service's native ones, so an internal call repeating it is matched too.
  const natives = implied ? [implied] : tx.native_transfers
  const flows = nativeFlows(natives, tx.internal_transactions)
  const bare = !creation && flows.length + erc20.length + nfts.length === 0
  const flowLine = (f: NativeFlow) =>
    f.kind === 'native'
      ? <li key={`n${f.index}`}><NativeTransferRow transfer={f.transfer} wallet={wallet} failed={failed} {...options} /></li>
      : <li key={`i${f.index}`}><InternalTransactionRow transaction={f.transaction} wallet={wallet} failed={failed} {...options} /></li>
  const paidFee = fee !== null && (wallet === undefined || sameAddress(tx.from_address, wallet))

  return (
    <article
      {...rest}
      ref={ref}
      className={className ? `bf-tx ${className}` : 'bf-tx'}
      style={style}
      data-direction={direction}
      data-status={failed ? 'failed' : 'success'}
      data-category={category.replace(/\s+/g, '-').toLowerCase().replace(/[^a-z0-9-]/g, '')}
      data-spam={spam ? '' : undefined}
      data-chain={entryChain}
      aria-labelledby={`${id}-summary`}
      aria-describedby={`${id}-meta`}
    >
      <div className="bf-tx__head">
        <span className="bf-tx__icon" data-direction={direction} aria-hidden="true">
          {failed ? '!' : creation ? '+' : direction === 'in' ? '↓' : direction === 'out' ? '↑' : direction === 'self' ? '↻' : '•'}
        </span>
        <div className="bf-tx__main">
          <p className="bf-tx__summary" id={`${id}-summary`}>
            <ClippedText text={summary} max={96} />
          </p>
          <p className="bf-tx__meta" id={`${id}-meta`}>
            {showChain && entryChain !== undefined && <ChainBadge className="bf-tx__chain" chain={entryChain} />}
            <span className="bf-tx__category">{categoryLabel(category)}</span>
            {failed && <span className="bf-status" data-status="failed">Failed</span>}
            {spam && <SpamMark />}
            <RelativeTime value={tx.block_timestamp} locale={locale} timeZone={timeZone} />
            {paidFee && (
              <span className="bf-tx__fee">
                {failed ? 'Fee paid ' : 'Fee '}<TokenAmount value={fee.value} formatted={fee.formatted} decimals={native.decimals} symbol={native.symbol} locale={locale} />
              </span>
            )}
          </p>
        </div>
        {txHref &&
          renderLink({
            href: txHref,
            className: 'bf-tx__explorer bf-link',
            title: tx.hash,
            'aria-label': `View transaction ${tx.hash} on explorer`,
            ...EXTERNAL,
            children: 'Explorer ↗',
          })}
      </div>
      <ul className="bf-transfers" aria-label="Transfers">
        {creation && tx.receipt_contract_address && (
          <li className="bf-transfer" data-kind="contract-creation" data-direction={direction}>
            <span className="bf-badge" data-kind="contract-creation">New contract</span>
            <Address address={tx.receipt_contract_address} chain={chain} renderLink={renderLink} />
          </li>
        )}
        {bare && (
          <li className="bf-transfer" data-kind="call" data-direction={direction}>
            <Counterparty
              direction={direction === 'out' || direction === 'self' ? 'out' : direction}
              {...sides(tx)}
              chain={chain}
              renderLink={renderLink}
            />
          </li>
        )}
        {flows.slice(0, natives.length).map(flowLine)}
        {erc20.map((t, i) => <li key={`e${i}-${t.log_index ?? ''}`}><Erc20TransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
        {nfts.map((t, i) => <li key={`t${i}-${t.log_index ?? ''}`}><NftTransferRow transfer={t} wallet={wallet} failed={failed} {...options} /></li>)}
        {/* Internal calls that repeat no native transfer keep their place after the token lines. */}
        {flows.slice(natives.length).map(flowLine)}
        {hiddenTransfers > 0 && <li className="bf-transfer bf-muted">{hiddenTransfers === 1 ? '1 transfer hidden' : `${hiddenTransfers} transfers hidden`} as possible spam</li>}
      </ul>
      {renderDetails && <div className="bf-tx__details">{renderDetails(tx)}</div>}
    </article>
  )
})
