import type { ComponentProps, ComponentRef, CSSProperties, ReactNode, Ref } from 'react'
import { describe, expectTypeOf, test } from 'vitest'
import type { Erc20Transfer, InternalTransaction, NativeTransfer, NftTransfer, TransactionEntry } from '../../src/core/history/schema.js'
import {
  Address,
  Erc20TransferRow,
  InternalTransactionRow,
  NativeTransferRow,
  NftTransferRow,
  RelativeTime,
  TokenAmount,
  TransactionList,
  TransactionRow,
  TransferBadge,
  WalletActivityFeed,
  type AddressProps,
  type DisplayOptions,
  type Erc20TransferRowProps,
  type FlowDirection,
  type InternalTransactionRowProps,
  type LinkRenderProps,
  type NativeTransferRowProps,
  type NftTransferRowProps,
  type RelativeTimeProps,
  type TokenAmountProps,
  type TransactionListProps,
  type TransactionRowProps,
  type TransferBadgeProps,
  type TransferKind,
  type WalletActivityFeedProps,
} from '../../src/exports/components.js'

// The public component props, as an app's TypeScript sees them through `blockfeed/components`.

describe('refs: each component exposes its root element type', () => {
  test('ref element types', () => {
    expectTypeOf<ComponentRef<typeof TransactionRow>>().toEqualTypeOf<HTMLElement>()
    expectTypeOf<ComponentRef<typeof TransactionList>>().toEqualTypeOf<HTMLDivElement>()
    expectTypeOf<ComponentRef<typeof WalletActivityFeed>>().toEqualTypeOf<HTMLDivElement>()
    expectTypeOf<ComponentRef<typeof NativeTransferRow>>().toEqualTypeOf<HTMLDivElement>()
    expectTypeOf<ComponentRef<typeof Erc20TransferRow>>().toEqualTypeOf<HTMLDivElement>()
    expectTypeOf<ComponentRef<typeof NftTransferRow>>().toEqualTypeOf<HTMLDivElement>()
    expectTypeOf<ComponentRef<typeof InternalTransactionRow>>().toEqualTypeOf<HTMLDivElement>()
    expectTypeOf<ComponentRef<typeof TransferBadge>>().toEqualTypeOf<HTMLSpanElement>()
    expectTypeOf<ComponentRef<typeof Address>>().toEqualTypeOf<HTMLSpanElement>()
    expectTypeOf<ComponentRef<typeof TokenAmount>>().toEqualTypeOf<HTMLSpanElement>()
    expectTypeOf<ComponentRef<typeof RelativeTime>>().toEqualTypeOf<HTMLTimeElement>()
  })

  test('a ref of the wrong element type is refused', () => {
    expectTypeOf<ComponentProps<typeof TransactionList>['ref']>().toMatchTypeOf<Ref<HTMLDivElement> | undefined>()
    expectTypeOf<Ref<HTMLAnchorElement>>().not.toMatchTypeOf<ComponentProps<typeof TransactionList>['ref']>()
    expectTypeOf<Ref<HTMLSpanElement>>().not.toMatchTypeOf<ComponentProps<typeof WalletActivityFeed>['ref']>()
  })
})

describe('data props', () => {
  test('rows take the model types', () => {
    expectTypeOf<TransactionRowProps['transaction']>().toEqualTypeOf<TransactionEntry>()
    expectTypeOf<TransactionListProps['transactions']>().toEqualTypeOf<readonly TransactionEntry[]>()
    expectTypeOf<NativeTransferRowProps['transfer']>().toEqualTypeOf<NativeTransfer>()
    expectTypeOf<Erc20TransferRowProps['transfer']>().toEqualTypeOf<Erc20Transfer>()
    expectTypeOf<NftTransferRowProps['transfer']>().toEqualTypeOf<NftTransfer>()
    expectTypeOf<InternalTransactionRowProps['transaction']>().toEqualTypeOf<InternalTransaction>()
    expectTypeOf<TransactionRowProps['wallet']>().toEqualTypeOf<string | undefined>()
  })

  test('a failed transaction flag on every transfer row', () => {
    expectTypeOf<NativeTransferRowProps['failed']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<Erc20TransferRowProps['failed']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<NftTransferRowProps['failed']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<InternalTransactionRowProps['failed']>().toEqualTypeOf<boolean | undefined>()
  })

  test('the list: states, paging and spam', () => {
    expectTypeOf<TransactionListProps['status']>().toEqualTypeOf<'pending' | 'error' | 'success' | undefined>()
    expectTypeOf<TransactionListProps['error']>().toEqualTypeOf<Error | null | undefined>()
    expectTypeOf<TransactionListProps['onLoadMore']>().toEqualTypeOf<(() => void) | undefined>()
    expectTypeOf<TransactionListProps['onShowSpamChange']>().toEqualTypeOf<((show: boolean) => void) | undefined>()
    expectTypeOf<TransactionListProps['hideZeroValueTransfers']>().toEqualTypeOf<boolean | undefined>()
  })

  test('the feed: history parameters and list display props, not the list’s data props', () => {
    expectTypeOf<WalletActivityFeedProps['address']>().toMatchTypeOf<string | undefined>()
    expectTypeOf<WalletActivityFeedProps>().toHaveProperty('showSpam')
    expectTypeOf<WalletActivityFeedProps>().toHaveProperty('locale')
    expectTypeOf<WalletActivityFeedProps>().not.toHaveProperty('transactions')
    expectTypeOf<WalletActivityFeedProps>().not.toHaveProperty('onLoadMore')
  })

  test('small parts', () => {
    expectTypeOf<TokenAmountProps['value']>().toEqualTypeOf<string>()
    expectTypeOf<TokenAmountProps['decimals']>().toEqualTypeOf<string | number | null | undefined>()
    expectTypeOf<TokenAmountProps['direction']>().toEqualTypeOf<FlowDirection | undefined>()
    expectTypeOf<FlowDirection>().toEqualTypeOf<'in' | 'out' | 'self' | 'none'>()
    expectTypeOf<TransferBadgeProps['kind']>().toEqualTypeOf<TransferKind>()
    expectTypeOf<TransferKind>().toEqualTypeOf<'native' | 'erc20' | 'erc721' | 'erc1155' | 'internal'>()
    expectTypeOf<AddressProps['address']>().toEqualTypeOf<string>()
    expectTypeOf<AddressProps['label']>().toEqualTypeOf<string | null | undefined>()
    expectTypeOf<RelativeTimeProps['value']>().toEqualTypeOf<string | Date | number>()
  })
})

describe('DOM pass-through and display options', () => {
  test('className, style and other DOM attributes on every component', () => {
    expectTypeOf<TransactionRowProps['className']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<TransactionListProps['style']>().toEqualTypeOf<CSSProperties | undefined>()
    expectTypeOf<ComponentProps<typeof TransactionRow>>().toHaveProperty('aria-posinset')
    expectTypeOf<ComponentProps<typeof TransactionList>>().toHaveProperty('id')
    expectTypeOf<ComponentProps<typeof WalletActivityFeed>>().toHaveProperty('onKeyDown')
    expectTypeOf<ComponentProps<typeof NativeTransferRow>>().toHaveProperty('title')
    expectTypeOf<ComponentProps<typeof TokenAmount>>().toHaveProperty('id')
    expectTypeOf<ComponentProps<typeof RelativeTime>>().toHaveProperty('tabIndex')
    // Owned by the component: not settable from outside.
    expectTypeOf<RelativeTimeProps>().not.toHaveProperty('dateTime')
    expectTypeOf<TransactionRowProps>().not.toHaveProperty('children')
  })

  test('display options: chain, locale, time zone, links, IPFS gateway', () => {
    expectTypeOf<DisplayOptions['locale']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<DisplayOptions['renderLink']>().toEqualTypeOf<((props: LinkRenderProps) => ReactNode) | undefined>()
    expectTypeOf<TransactionListProps>().toMatchTypeOf<DisplayOptions>()
    expectTypeOf<NftTransferRowProps>().toMatchTypeOf<DisplayOptions>()
    expectTypeOf<LinkRenderProps['rel']>().toEqualTypeOf<string>()
  })
})
