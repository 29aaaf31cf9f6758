// @vitest-environment jsdom
/**
 * getTransactionDetails over replies recorded from a real node (geth, in ethereum/execution-apis'
 * conformance tests; see test/fixtures/execution-apis/README.md), kept byte for byte with their
 * quirks: `blockTimestamp` on transactions and logs, a pre-Byzantium receipt with a state `root`
 * and no `status`, a block with full transaction objects, a chain id no wallet knows.
 */
import { render, screen } from '@testing-library/react'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { TransactionDetails } from '../../../src/components/TransactionDetails/TransactionDetails.js'
import { getTransactionDetails } from '../../../src/core/details/getTransactionDetails.js'
import { recordedNode, recording } from './realNode.js'

const DYNAMIC_FEE = '0x205405746564cbcf1dd53fb5ac92c7622d3792d82f03c59d9baddf2443d91864'
const LEGACY_CREATE = '0xc1d605c6612a5fe84dc95810030bfe5b1d327652b381bc695e28f50d13b2b09e'
const BLOCK_1 = '0x80e911b62f552f563a2544dfef5eb39ec8863d9082c998ca6b657f76e19de38e'
const head = BigInt(recording('eth_blockNumber/simple-test.io').response.result as string)

describe('getTransactionDetails on geth replies (execution-apis)', () => {
  it('a type-2 call: success, fee from effectiveGasPrice, the block in the same HTTP request, an unknown selector and its raw log', async () => {
    const node = recordedNode([
      'eth_getTransactionByHash/get-dynamic-fee.io',
      'eth_getTransactionReceipt/get-dynamic-fee.io',
      'eth_getBlockByNumber/get-block-london-fork.io',
      'eth_blockNumber/simple-test.io',
    ])
    const d = (await getTransactionDetails(node.client, { hash: DYNAMIC_FEE, blockNumber: 0x1b }))!
    expect(node.requests()).toBe(1)
    expect(d).toMatchObject({ status: 'success', type: 'eip1559', blockNumber: 27n, timestamp: 0x10e, nonce: 0x90, to: getAddress('0x7dcd17433742f4c0ca53122ab541d0ba67fc27df') })
    expect(d.confirmations).toBe(Number(head - 27n + 1n))
    expect(d.value.wei).toBe(2n)
    // 51 868 gas × 1 000 000 001 wei (base fee 1 gwei + 1 wei tip)
    expect(d.fee).toEqual({ wei: 0xca9cn * 0x3b9aca01n, formatted: '0.000051868000051868' })
    expect(d.method).toEqual({ selector: '0x1ee8f6de', name: null, source: null, args: null })
    expect(d.logs).toHaveLength(1)
    expect(d.logs[0]).toMatchObject({ decoded: false, eventName: null, logIndex: 0, data: '0x0000000000000000000000000000000000000000000000000000000000000013' })
    expect(d.logs[0]!.topics[0]).toBe('0x00000000000000000000000000000000000000000000000000000000656d6974')
  })

  it('a legacy contract creation from a pre-Byzantium block: no to, the created address, and an outcome the receipt does not record', async () => {
    const node = recordedNode(
      ['eth_getTransactionByHash/get-legacy-create.io', 'eth_getTransactionReceipt/get-legacy-contract.io', 'eth_getBlockByHash/get-block-by-hash.io', 'eth_blockNumber/simple-test.io'],
      // The recording asked for the block with its transactions; the details ask without: same block.
      { [JSON.stringify(['eth_getBlockByHash', [BLOCK_1, false]])]: JSON.stringify(['eth_getBlockByHash', [BLOCK_1, true]]) },
    )
    const d = (await getTransactionDetails(node.client, { hash: LEGACY_CREATE }))!
    expect(d).toMatchObject({ type: 'legacy', to: null, contractAddress: '0x9344b07175800259691961298cA11c824e65032d', nonce: 0, blockNumber: 1n, timestamp: 10 })
    // The receipt has `root`, not `status`: mined, but neither success nor failure is on record.
    expect(d.status).toBe('unknown')
    expect(d.fee!.wei).toBe(0x102d3n)
    expect(d.method.selector).toBeNull()
    expect(d.logs).toEqual([])
    // Without the block number the block follows in a second request.
    expect(node.requests()).toBe(2)

    render(<TransactionDetails details={d} variant="panel" locale="en-US" timeZone="UTC" />)
    const region = screen.getByRole('region', { name: 'Transaction details' })
    expect(region.textContent).toContain('Mined, outcome not recorded')
    expect(region.textContent).not.toContain('Pending')
    expect(region.textContent).toContain(`${head} confirmations`)
    expect(region.textContent).toContain('Contract creation')
    expect(screen.getByText('Created').nextElementSibling!.textContent).toContain('0x9344…032d')
    expect(region.textContent).toContain('Jan 1, 1970, 12:00:10 AM UTC')
  })
})
