import { describe, expect, it } from 'vitest'
import { getTransactionDetails } from '../../../src/core/details/getTransactionDetails.js'
import { ResponseShapeError } from '../../../src/exports/index.js'
import * as F from './fixtures.js'

/** A fixture with its receipt (or transaction) edited the way a drifting or hostile node answers. */
function edit(f: F.RpcFixture, change: (f: { tx: Record<string, any>; receipt: Record<string, any> }) => void): F.RpcFixture {
  const copy = structuredClone(f)
  change(copy as never)
  return copy
}

const detailsOf = (f: F.RpcFixture) => getTransactionDetails(F.fixtureRpc([f]), { hash: f.hash })

describe('getTransactionDetails with messy node replies', () => {
  it('a receipt without effectiveGasPrice (older clients omit it) still gives the fee, from the mined transaction’s gas price', async () => {
    const f = edit(F.usdcTransfer(), ({ receipt }) => void delete receipt.effectiveGasPrice)
    const d = (await detailsOf(f))!
    expect(d.effectiveGasPrice).toBe(20_000_000_238n)
    expect(d.fee!.wei).toBe(0xa3d1n * 20_000_000_238n)
  })

  it('with no gas price anywhere the fee is unknown (null), not a crash', async () => {
    const f = edit(F.usdcTransfer(), ({ tx, receipt }) => {
      delete receipt.effectiveGasPrice
      delete tx.gasPrice
    })
    const d = (await detailsOf(f))!
    expect(d.fee).toBeNull()
    expect(d.effectiveGasPrice).toBeNull()
    expect(d.status).toBe('success')
  })

  it('a log without an address, or with topics that are not 32-byte words, is a ResponseShapeError naming that log’s field', async () => {
    const noAddress = edit(F.usdcTransfer(), ({ receipt }) => void delete receipt.logs[0].address)
    await expect(detailsOf(noAddress)).rejects.toThrow(ResponseShapeError)
    await expect(detailsOf(noAddress)).rejects.toThrow(/logs\[0\]\.address: missing/)
    const badTopics = edit(F.usdcTransfer(), ({ receipt }) => void (receipt.logs[0].topics = ['0x1234']))
    await expect(detailsOf(badTopics)).rejects.toThrow(/logs\[0\]\.topics/)
    const badData = edit(F.usdcTransfer(), ({ receipt }) => void (receipt.logs[0].data = 'zz'))
    await expect(detailsOf(badData)).rejects.toThrow(/logs\[0\]\.data/)
  })

  it('a transaction without value or gas, or a receipt without gasUsed, is a ResponseShapeError naming the field', async () => {
    await expect(detailsOf(edit(F.usdcTransfer(), ({ tx }) => void delete tx.value))).rejects.toThrow(/eth_getTransactionByHash result: value: missing/)
    await expect(detailsOf(edit(F.usdcTransfer(), ({ tx }) => void delete tx.gas))).rejects.toThrow(/eth_getTransactionByHash result: gas: missing/)
    await expect(detailsOf(edit(F.usdcTransfer(), ({ receipt }) => void delete receipt.gasUsed))).rejects.toThrow(/eth_getTransactionReceipt result: gasUsed: missing/)
  })

  it('two logs the node gives the same logIndex each keep their own decoding: an unknown contract’s log is not shown as the token’s Transfer', async () => {
    const unknown = F.unknownContract().receipt!.logs as Record<string, unknown>[]
    const f = edit(F.usdcTransfer(), ({ receipt }) => void receipt.logs.push({ ...unknown[0], logIndex: receipt.logs[0].logIndex }))
    const d = (await detailsOf(f))!
    expect(d.logs.map((l) => l.decoded)).toEqual([true, false])
    expect(d.logs[1]!.eventName).toBeNull()
  })

  it('an ERC-721 Transfer (tokenId as a 4th topic) and an ERC-20 Transfer share a selector and are each decoded as what they are', async () => {
    const f = edit(F.usdcTransfer(), ({ receipt }) => {
      const erc20 = receipt.logs[0]
      receipt.logs.push({ ...erc20, address: '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d', topics: [...erc20.topics, `0x${'0'.repeat(62)}2a`], data: '0x', logIndex: '0x12' })
      // A Transfer with the wrong topic count for either standard stays raw.
      receipt.logs.push({ ...erc20, topics: erc20.topics.slice(0, 2), logIndex: '0x13' })
    })
    const d = (await detailsOf(f))!
    expect(d.logs[0]!.args).toMatchObject({ value: 25_000_000n })
    expect(d.logs[1]!.args).toMatchObject({ tokenId: 42n })
    expect(d.logs[2]!.decoded).toBe(false)
  })
})
