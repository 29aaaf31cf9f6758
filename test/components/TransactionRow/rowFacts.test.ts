import { describe, expect, it } from 'vitest'
import { getAddress } from 'viem'
import { partyText, rowFacts, type Names } from '../../../src/components/TransactionRow/rowFacts.js'
import { ALICE, BOB, COLLECTION, erc20, internal, native, nft, TOKEN, tx, UINT256_MAX, WALLET } from '../fixtures.js'

// What a row is drawn from: one kind, the other party and the amounts that moved for the wallet, outgoing first.

const SHOWN = { showSpam: false, hideZeroValueTransfers: false }
const facts = (raw: Record<string, unknown>, names?: Names) => rowFacts(tx(raw), WALLET, 'eth', SHOWN, names)
/** The movements as a row's trailing column reads them: sign, raw value, symbol (or NFT id). */
const moved = (raw: Record<string, unknown>) =>
  facts(raw).movements.map((m) => `${m.direction === 'out' ? '−' : m.direction === 'in' ? '+' : ''}${m.kind === 'nft' ? `#${m.tokenId}×${m.value}` : `${m.value} ${m.symbol}`}`)
const CREATED = '0x3333333333333333333333333333333333333333'
const ZERO = '0x0000000000000000000000000000000000000000'

describe('rowFacts: native, token and NFT movements from the wallet’s side', () => {
  it('native out, in and to itself', () => {
    const out = facts({ value: '500000000000000000' })
    expect(out).toMatchObject({ kind: 'send', direction: 'out', failed: false, detail: null, party: { role: 'to', text: '0x1111…1111', address: ALICE } })
    expect(moved({ value: '500000000000000000' })).toEqual(['−500000000000000000 ETH'])

    const inc = facts({ from_address: ALICE, to_address: WALLET, value: '2000000000000000000', from_address_label: 'Alice' })
    expect(inc).toMatchObject({ kind: 'receive', direction: 'in', party: { role: 'from', text: 'Alice', address: ALICE } })
    expect(inc.movements).toMatchObject([{ kind: 'native', direction: 'in', value: '2000000000000000000', decimals: 18, symbol: 'ETH' }])

    const self = facts({ to_address: WALLET, value: '1000000000000000000' })
    expect(self).toMatchObject({ kind: 'self', direction: 'self', party: null })
    expect(self.movements).toMatchObject([{ direction: 'self', value: '1000000000000000000' }])
  })

  it('tokens out (the first one’s recipient is the party; every one is a movement), in, and to itself', () => {
    const out = facts({ to_address: TOKEN, erc20_transfer: [erc20(), erc20({ to_address: BOB })] })
    expect(out).toMatchObject({ kind: 'send', party: { role: 'to', text: '0x1111…1111', address: ALICE } })
    expect(out.movements).toMatchObject([
      { kind: 'erc20', direction: 'out', value: '1500000', decimals: '6', symbol: 'USDC', logo: 'https://logos.example/usdc.png', spam: false },
      { kind: 'erc20', direction: 'out', value: '1500000', symbol: 'USDC' },
    ])

    const inc = facts({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] })
    expect(inc).toMatchObject({ kind: 'receive', direction: 'in', party: { role: 'from', text: '0x1111…1111' } })

    // A token sent to the wallet itself through the token contract moved nowhere: not "sent" to the contract.
    const self = facts({ to_address: TOKEN, erc20_transfer: [erc20({ to_address: WALLET })] })
    expect(self).toMatchObject({ kind: 'self', party: null })
    expect(self.movements).toMatchObject([{ kind: 'erc20', direction: 'self' }])
  })

  it('an unlimited amount stays the raw maximum (the amount reads it as "Unlimited")', () => {
    expect(facts({ to_address: TOKEN, erc20_transfer: [erc20({ value: UINT256_MAX })] }).movements[0]!.value).toBe(UINT256_MAX)
  })

  it('NFTs in and out, with the id and the count', () => {
    const inc = facts({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft()] })
    expect(inc).toMatchObject({ kind: 'receive', direction: 'in', party: { role: 'from', text: '0x1111…1111', address: ALICE } })
    expect(moved({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ contract_type: 'ERC1155', amount: '3' })] })).toEqual(['+#42×3'])

    const out = facts({ to_address: COLLECTION, nft_transfers: [nft({ from_address: WALLET, to_address: BOB })] })
    expect(out).toMatchObject({ kind: 'send', direction: 'out', party: { role: 'to', text: '0x2222…2222', address: BOB } })
    expect(out.movements).toMatchObject([{ kind: 'nft', direction: 'out', tokenId: '42', value: '1', decimals: 0 }])
  })

  it('a mint the wallet called (nothing out, an NFT in from the zero address) is minted', () => {
    const minted = facts({ to_address: COLLECTION, nft_transfers: [nft({ from_address: ZERO, to_address: WALLET })] })
    expect(minted).toMatchObject({ kind: 'mint', direction: 'in' })
  })

  it('a mint paid for in ETH (ETH out, an NFT in from the zero address) is still minted', () => {
    expect(facts({ to_address: COLLECTION, value: '10000000000000000', nft_transfers: [nft({ from_address: ZERO, to_address: WALLET })] }).kind).toBe('mint')
  })

  it('an NFT someone had, paid for in ETH or tokens, is bought; one given for ETH is sold', () => {
    expect(facts({ to_address: COLLECTION, value: '10000000000000000', nft_transfers: [nft({ from_address: ALICE, to_address: WALLET })] }).kind).toBe('buy')
    expect(facts({ to_address: COLLECTION, erc20_transfer: [erc20({ to_address: ALICE })], nft_transfers: [nft({ from_address: ALICE, to_address: WALLET })] }).kind).toBe('buy')
    const sold = facts({ to_address: COLLECTION, nft_transfers: [nft({ from_address: WALLET, to_address: ALICE })], native_transfers: [native({ from_address: ALICE, to_address: WALLET, value: '5' })] })
    expect(sold).toMatchObject({ kind: 'sell', party: { role: 'from', address: ALICE } })
  })

  it('ETH that came back inside a call is received, from the contract that sent it', () => {
    const back = facts({ to_address: BOB, native_transfers: [native({ from_address: BOB, to_address: WALLET, value: '3700000000000000', internal_transaction: true })] })
    expect(back).toMatchObject({ kind: 'receive', direction: 'in', party: { role: 'from', text: '0x2222…2222', address: BOB } })
    expect(back.movements).toMatchObject([{ kind: 'native', direction: 'in', value: '3700000000000000' }])
    // The same flow listed twice by the service (a native transfer and the internal call) is one movement.
    const twice = facts({
      to_address: BOB,
      native_transfers: [native({ from_address: BOB, to_address: WALLET, value: '3700000000000000', internal_transaction: true })],
      internal_transactions: [internal({ from: BOB, to: WALLET, value: '3700000000000000' })],
    })
    expect(twice.movements).toHaveLength(1)
  })

  it('a call that moved nothing for the wallet lists no movement; others’ transfers are left out', () => {
    const others = facts({ to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: BOB })], internal_transactions: [internal({ from: BOB, to: ALICE })] })
    expect(others.movements).toEqual([])
    expect(others.kind).toBe('call')
  })
})

describe('rowFacts: movements, outgoing first, each with its sign', () => {
  it('a swap reads what left, then what came in, whatever order the service listed them', () => {
    const raw = {
      to_address: BOB,
      native_transfers: [native({ from_address: BOB, to_address: WALLET, value: '160000000000000000', internal_transaction: true })],
      erc20_transfer: [erc20({ to_address: BOB, value: '500000000' })],
    }
    expect(facts(raw).kind).toBe('swap')
    expect(moved(raw)).toEqual(['−500000000 USDC', '+160000000000000000 ETH'])
  })

  it('in, self and out mixed: out, then in, then the wallet’s own', () => {
    const raw = {
      to_address: BOB,
      erc20_transfer: [erc20({ from_address: BOB, to_address: WALLET, token_symbol: 'DAI' }), erc20({ to_address: WALLET, token_symbol: 'SELF' }), erc20({ to_address: BOB })],
    }
    expect(moved(raw)).toEqual(['−1500000 USDC', '+1500000 DAI', '1500000 SELF'])
  })

  it('with no wallet, every movement is listed, signed by the service’s direction', () => {
    const noWallet = rowFacts(tx({ native_transfers: [native({ direction: 'receive' }), native({ direction: 'outgoing', value: '7' })], erc20_transfer: [erc20({ from_address: ALICE, to_address: BOB })] }), undefined, 'eth', SHOWN)
    expect(noWallet.movements.map((m) => m.direction)).toEqual(['out', 'in', 'none'])
  })

  it('a zero native value is no movement; the chain’s own symbol names the native currency', () => {
    expect(facts({ value: '0' }).movements).toEqual([])
    expect(rowFacts(tx({ value: '1' }), WALLET, 'polygon', SHOWN).movements[0]!.symbol).toBe('POL')
  })
})

describe('rowFacts: a failed transaction', () => {
  it('is "failed", names the party it was for, and still lists what it would have moved (the row marks it not moved)', () => {
    const sent = facts({ receipt_status: '0', value: '320000000000000000', to_address: BOB, to_address_label: 'Router' })
    expect(sent).toMatchObject({ kind: 'failed', failed: true, party: { role: 'to', text: 'Router', address: BOB } })
    expect(sent.movements).toMatchObject([{ direction: 'out', value: '320000000000000000' }])

    const token = facts({ receipt_status: '0', to_address: TOKEN, erc20_transfer: [erc20()] })
    expect(token).toMatchObject({ kind: 'failed', party: { role: 'to', text: '0x1111…1111' } })

    // Someone else's failed transaction to the wallet: the party is the sender.
    expect(facts({ receipt_status: '0', from_address: ALICE, to_address: WALLET, value: '1' }).party).toMatchObject({ role: 'from', address: ALICE })
  })

  it('a failed contract creation is "failed", with no party (no contract was made)', () => {
    expect(facts({ receipt_status: '0', to_address: null })).toMatchObject({ kind: 'failed', failed: true, party: null })
  })
})

describe('rowFacts: calls and creations', () => {
  it('a creation is "deploy", its party the new contract', () => {
    expect(facts({ to_address: null, receipt_contract_address: CREATED })).toMatchObject({ kind: 'deploy', party: { role: 'at', text: '0x3333…3333', address: CREATED } })
  })

  it('a call with a method label is "call" with the method as detail (cleaned, clipped); without one, no detail', () => {
    expect(facts({ to_address: TOKEN, method_label: 'execute' })).toMatchObject({ kind: 'call', detail: 'execute', party: { role: 'at', text: '0xA0b8…eB48', address: getAddress(TOKEN) } })
    expect(facts({ to_address: TOKEN, method_label: 'exe\u202Ecute' }).detail).toBe('execute')
    expect(facts({ to_address: TOKEN, method_label: 'x'.repeat(60) }).detail!.length).toBeLessThanOrEqual(24)
    expect(facts({ to_address: TOKEN })).toMatchObject({ kind: 'call', detail: null, party: { role: 'at', text: '0xA0b8…eB48' } })
  })

  it('an approval is "approve", by its method label or, with none, by its selector', () => {
    expect(facts({ to_address: TOKEN, method_label: 'approve' })).toMatchObject({ kind: 'approve', party: { role: 'at', text: '0xA0b8…eB48' } })
    expect(facts({ to_address: COLLECTION, method_label: 'setApprovalForAll' }).kind).toBe('approve')
    expect(facts({ to_address: TOKEN, input: '0x095ea7b3' + '0'.repeat(128) }).kind).toBe('approve')
    // A call named approve that moved tokens is not only an approval.
    expect(facts({ to_address: TOKEN, method_label: 'approve', erc20_transfer: [erc20()] }).kind).toBe('send')
  })

  it('the contract’s label names the party, as the service sent it', () => {
    expect(facts({ to_address: TOKEN, to_address_label: 'USD Coin' }).party).toMatchObject({ role: 'at', text: 'USD Coin', address: getAddress(TOKEN) })
  })
})

describe('rowFacts: the service’s category', () => {
  it.each([
    ['token swap', 'swap'],
    ['Token Swap', 'swap'],
    ['airdrop', 'airdrop'],
    ['air\u202Edrop', 'airdrop'],
    ['approve', 'approve'],
    ['nft purchase', 'buy'],
    ['nft sale', 'sell'],
    ['nft mint', 'mint'],
    ['token burn', 'burn'],
    ['deposit', 'deposit'],
    ['withdraw', 'withdraw'],
    ['borrow', 'borrow'],
    ['revoke', 'revoke'],
    ['contract interaction', 'call'],
    ['receive', 'receive'],
  ])('"%s" is the verb %s, whatever the transfers say', (category, kind) => {
    expect(facts({ category, value: '1' })).toMatchObject({ kind, detail: null })
  })

  it('an airdrop’s party is where it came from', () => {
    expect(facts({ category: 'airdrop', from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] }).party).toMatchObject({ role: 'from', address: ALICE })
  })

  it('one the row has no verb for is "other", its text cleaned of bidi and hidden characters, clipped and capitalized', () => {
    expect(facts({ category: 'liquidity provision' })).toMatchObject({ kind: 'other', detail: 'Liquidity provision' })
    expect(facts({ category: 'yield\u202E\u200B farm' }).detail).toBe('Yield farm')
    expect(facts({ category: 'z'.repeat(80) }).detail!.length).toBeLessThanOrEqual(32)
  })

  it('Object.prototype names are text like any other', () => {
    expect(facts({ category: 'constructor' })).toMatchObject({ kind: 'other', detail: 'Constructor' })
    expect(facts({ category: '__proto__' })).toMatchObject({ kind: 'other', detail: '__proto__' })
    expect(facts({ category: 'toString' })).toMatchObject({ kind: 'other', detail: 'ToString' })
    expect(facts({ category: 'hasOwnProperty' })).toMatchObject({ kind: 'other', detail: 'HasOwnProperty' })
  })

  it('an empty category is none: the kind is read from the transfers', () => {
    expect(facts({ category: '', value: '500000000000000000' }).kind).toBe('send')
  })

  it('a failure or a creation beats the service’s category', () => {
    expect(facts({ category: 'token swap', receipt_status: '0' }).kind).toBe('failed')
    expect(facts({ category: 'token swap', to_address: null, receipt_contract_address: CREATED }).kind).toBe('deploy')
  })
})

describe('rowFacts: spam and zero-value transfers, by the rules', () => {
  const spammy = { from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET }), erc20({ from_address: ALICE, to_address: WALLET, token_symbol: 'FREE', possible_spam: true })] }
  const poisoned = { from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: WALLET, to_address: BOB, value: '0' }), erc20({ from_address: ALICE, to_address: WALLET })] }

  it('a transfer flagged as spam is no movement unless spam is shown; shown, it is marked', () => {
    expect(rowFacts(tx(spammy), WALLET, 'eth', SHOWN).movements.map((m) => m.symbol)).toEqual(['USDC'])
    const shown = rowFacts(tx(spammy), WALLET, 'eth', { showSpam: true, hideZeroValueTransfers: false }).movements
    expect(shown.map((m) => [m.symbol, m.spam])).toEqual([['USDC', false], ['FREE', true]])
  })

  it('a zero-value token transfer is no movement when hideZeroValueTransfers; NFTs stay', () => {
    expect(rowFacts(tx(poisoned), WALLET, 'eth', SHOWN).movements).toHaveLength(2)
    expect(rowFacts(tx(poisoned), WALLET, 'eth', { showSpam: false, hideZeroValueTransfers: true }).movements).toMatchObject([{ direction: 'in', value: '1500000' }])
    const zeroNft = tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ value: '0', value_formatted: '0' })] })
    expect(rowFacts(zeroNft, WALLET, 'eth', { showSpam: false, hideZeroValueTransfers: true }).movements).toHaveLength(1)
  })
})

describe('rowFacts: names the feed verified', () => {
  const from = { from_address: ALICE, to_address: WALLET, value: '2000000000000000000' }
  const named = (name: string) => facts(from, new Map([[ALICE.toLowerCase(), name]])).party

  it('a safe verified name names the party when the service gave no label', () => {
    expect(named('alice.eth')).toEqual({ role: 'from', text: 'alice.eth', address: ALICE })
  })

  it.each([
    ['a zero-width space inside', 'vit\u200Balik.eth'],
    ['a capital letter', 'Vitalik.eth'],
    ['a Cyrillic letter among Latin ones', 'vital\u0456k.eth'],
    ['a right-to-left override', 'evil\u202Ehte.ecila'],
  ])('a name with %s could pass for another: the short address is used', (_, name) => {
    expect(named(name)).toEqual({ role: 'from', text: '0x1111…1111', address: ALICE })
  })

  it('the service’s label comes first, cleaned and clipped', () => {
    expect(facts({ ...from, from_address_label: 'Alice\u202E (exchange)' }, new Map([[ALICE.toLowerCase(), 'alice.eth']])).party!.text).toBe('Alice (exchange)')
    expect(partyText(ALICE, 'L'.repeat(40), null)!.length).toBeLessThanOrEqual(24)
    expect(partyText(null, null, null)).toBeNull()
  })
})
