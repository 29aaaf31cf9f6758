import { render } from '@testing-library/react'
import { createRef, version, type ReactElement, type RefObject } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Address } from '../../src/components/Address/Address.js'
import { Erc20TransferRow } from '../../src/components/Erc20TransferRow/Erc20TransferRow.js'
import { InternalTransactionRow } from '../../src/components/InternalTransactionRow/InternalTransactionRow.js'
import { NativeTransferRow } from '../../src/components/NativeTransferRow/NativeTransferRow.js'
import { NftTransferRow } from '../../src/components/NftTransferRow/NftTransferRow.js'
import { RelativeTime } from '../../src/components/RelativeTime/RelativeTime.js'
import { TokenAmount } from '../../src/components/TokenAmount/TokenAmount.js'
import { TransactionList } from '../../src/components/TransactionList/TransactionList.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { TransferBadge } from '../../src/components/TransferBadge/TransferBadge.js'
import { internalTransactionSchema, nativeTransferSchema, erc20TransferSchema, nftTransferSchema } from '../../src/core/history/schema.js'
import { ALICE, erc20, internal, manyTransactions, native, nft, tx, WALLET } from './fixtures.js'

// Runs in the `dom` project (React 19) and the `react18` one: a ref declared as a plain prop is dropped on 18.
const opts = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const

// A ref object that any element's ref prop accepts; what it ends up holding is checked at run time.
const cases: [string, string, (ref: RefObject<null>) => ReactElement][] = [
  ['TransactionRow', 'ARTICLE', (ref) => <TransactionRow ref={ref} transaction={tx({ value: '1' })} {...opts} data-testid="root" id="r" />],
  ['TransactionList', 'DIV', (ref) => <TransactionList ref={ref} transactions={manyTransactions(2)} {...opts} data-testid="root" id="r" />],
  ['NativeTransferRow', 'DIV', (ref) => <NativeTransferRow ref={ref} transfer={nativeTransferSchema.parse(native())} {...opts} data-testid="root" id="r" />],
  ['Erc20TransferRow', 'DIV', (ref) => <Erc20TransferRow ref={ref} transfer={erc20TransferSchema.parse(erc20())} {...opts} data-testid="root" id="r" />],
  ['NftTransferRow', 'DIV', (ref) => <NftTransferRow ref={ref} transfer={nftTransferSchema.parse(nft())} {...opts} data-testid="root" id="r" />],
  ['InternalTransactionRow', 'DIV', (ref) => <InternalTransactionRow ref={ref} transaction={internalTransactionSchema.parse(internal())} {...opts} data-testid="root" id="r" />],
  ['TransferBadge', 'SPAN', (ref) => <TransferBadge ref={ref} kind="erc20" direction="in" data-testid="root" id="r" />],
  ['Address', 'SPAN', (ref) => <Address ref={ref} address={ALICE} chain="eth" data-testid="root" id="r" />],
  ['TokenAmount', 'SPAN', (ref) => <TokenAmount ref={ref} value="1500000" decimals={6} symbol="USDC" data-testid="root" id="r" />],
  ['RelativeTime', 'TIME', (ref) => <RelativeTime ref={ref} value="2024-05-01T12:00:00Z" locale="en-US" data-testid="root" id="r" />],
]

describe(`refs and DOM attributes reach the root element (React ${version})`, () => {
  for (const [name, tag, element] of cases) {
    it(`${name}: ref → its <${tag.toLowerCase()}>, id and data-* on it`, () => {
      const ref = createRef<null>()
      const { container } = render(element(ref))
      const root = container.firstElementChild as HTMLElement
      expect(root.tagName).toBe(tag)
      expect(ref.current).toBe(root)
      expect(root.id).toBe('r')
      expect(root.getAttribute('data-testid')).toBe('root')
    })
  }
})

describe('display options stay off the DOM', () => {
  const icon = { renderChainIcon: () => null }
  const rows: [string, () => ReactElement][] = [
    ['NativeTransferRow', () => <NativeTransferRow transfer={nativeTransferSchema.parse(native())} {...opts} {...icon} />],
    ['Erc20TransferRow', () => <Erc20TransferRow transfer={erc20TransferSchema.parse(erc20())} {...opts} {...icon} />],
    ['NftTransferRow', () => <NftTransferRow transfer={nftTransferSchema.parse(nft())} {...opts} {...icon} />],
    ['InternalTransactionRow', () => <InternalTransactionRow transaction={internalTransactionSchema.parse(internal())} {...opts} {...icon} />],
  ]
  for (const [name, element] of rows) {
    it(`${name}: renderChainIcon is not written on its <div> (React would warn of an unknown prop)`, () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const { container } = render(element())
        expect(container.innerHTML.toLowerCase()).not.toContain('renderchainicon')
        expect(errors.mock.calls.filter((c) => String(c[0]).includes('renderChainIcon') || String(c[1]).includes('renderChainIcon'))).toEqual([])
      } finally {
        errors.mockRestore()
      }
    })
  }
})
