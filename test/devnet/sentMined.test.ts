import { describe, expect, it } from 'vitest'
import { sentHashes } from '../../src/devnet/sentMined.js'

const HASH = `0x${'ab'.repeat(32)}`

describe('the hashes the devnet waits to be mined after a send', () => {
  it('are the answers to eth_sendRawTransaction calls only, by id, in a batch or alone', () => {
    const calls = [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 'a', method: 'eth_sendRawTransaction', params: ['0x02'] },
      { jsonrpc: '2.0', id: 3, method: 'eth_sendRawTransaction', params: ['0x02'] },
    ]
    const answers = [
      { jsonrpc: '2.0', id: 1, result: `0x${'cd'.repeat(32)}` },
      { jsonrpc: '2.0', id: 'a', result: HASH },
      { jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'nonce too low' } },
    ]
    expect(sentHashes(calls, answers)).toEqual([HASH])
    expect(sentHashes(calls[1], answers[1])).toEqual([HASH])
    expect(sentHashes(null, null)).toEqual([])
  })
})
