import { encodeEventTopics, encodeFunctionData, erc20Abi, erc721Abi, maxUint256, type Hex } from 'viem'
import { counterparties, erc20Tokens, friends, lookalikeOf, tokenAddress } from './catalogue.js'
import type { TransactionKind } from './kinds.js'
import { ZERO_ADDRESS, addressOfParty, erc20Transfer, fmt, nativeAmount, nativeTransfer, nftTransfer, pickToken, tokenAmount, uint256Hex, type Ctx, type Draft } from './parts.js'
import { addressOf } from './prng.js'
import { RawNumber } from './wire.js'

/** What each kind of fixture transaction moves, one function per kind (the wallet is `ctx.me`). */

function nativeOutDraft(ctx: Ctx, friend: `0x${string}`): Draft {
  const { rng, me } = ctx
  const value = nativeAmount(rng)
  const to = rng.chance(0.2) ? rng.pick([counterparties.zeroWidth, counterparties.longLabel]) : friend
  return {
    from: me, to, value, gas: 21_000, input: '0x',
    native: [nativeTransfer(ctx, me, to, value, false)],
    category: 'send', summary: `Sent ${fmt(value, 18)} ${ctx.native}`, method: null,
  }
}

function nativeInDraft(ctx: Ctx, friend: `0x${string}`): Draft {
  const { rng, me } = ctx
  const value = nativeAmount(rng)
  const from = rng.chance(0.35) ? counterparties.exchange : friend
  return {
    from, to: me, value, gas: 21_000, input: '0x',
    native: [nativeTransfer(ctx, from, me, value, false)],
    category: 'receive', summary: `Received ${fmt(value, 18)} ${ctx.native}`, method: null,
  }
}

function nativeSelfDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const value = nativeAmount(rng)
  return {
    from: me, to: me, value, gas: 21_000, input: '0x',
    native: [nativeTransfer(ctx, me, me, value, false)],
    category: 'send', summary: `Sent ${fmt(value, 18)} ${ctx.native} to self`, method: null,
  }
}

function bridgeDepositDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const value = nativeAmount(rng)
  const to = counterparties.bridge
  return {
    from: me, to, value, gas: 96_000, input: `0x439370b1${'0'.repeat(64)}`,
    native: [nativeTransfer(ctx, me, to, value, false)],
    category: 'deposit', summary: `Deposited ${fmt(value, 18)} ${ctx.native}`, method: 'depositEth',
  }
}

function erc20TransferDraft(ctx: Ctx, friend: `0x${string}`, kind: TransactionKind): Draft {
  const { rng, me } = ctx
  const token = kind === 'erc20Whole' ? erc20Tokens.gold : pickToken(ctx)
  const value = tokenAmount(rng, token.decimals)
  const out = kind === 'erc20Out' || (kind === 'erc20Whole' && rng.chance(0.5))
  const other = out ? friend : rng.chance(0.3) ? counterparties.exchange : friend
  const [from, to] = out ? [me, other] : [other, me]
  const [sender, recipient] = [addressOfParty(from), addressOfParty(to)]
  return {
    from: sender, to: tokenAddress(ctx.chain, token.key), value: 0n, gas: 65_000,
    input: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, value] }),
    erc20: [erc20Transfer(ctx, token, from, to, value, rng.int(0, 300))],
    logs: [{
      address: tokenAddress(ctx.chain, token.key),
      topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer', args: { from: sender, to: recipient } }) as Hex[],
      data: uint256Hex(value),
    }],
    category: out ? 'token send' : 'token receive',
    summary: `${out ? 'Sent' : 'Received'} ${fmt(value, token.decimals)} ${token.symbol}`,
    method: 'transfer',
  }
}

function approveMaxDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const token = rng.pick([erc20Tokens.usdc, erc20Tokens.dai, erc20Tokens.usdt])
  const spender = counterparties.router
  return {
    from: me, to: tokenAddress(ctx.chain, token.key), value: 0n, gas: 46_000,
    input: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender.address, maxUint256] }),
    logs: [{
      address: tokenAddress(ctx.chain, token.key),
      topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Approval', args: { owner: me, spender: spender.address } }) as Hex[],
      data: uint256Hex(maxUint256),
    }],
    category: 'approve', summary: `Approved unlimited ${token.symbol} for ${spender.label}`, method: 'approve',
  }
}

function swapInternalDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const token = rng.pick([erc20Tokens.usdc, erc20Tokens.dai])
  const paid = tokenAmount(rng, token.decimals)
  const got = nativeAmount(rng)
  const router = counterparties.router
  return {
    from: me, to: router, value: 0n, gas: 180_000, input: `0x5ae401dc${rng.hex(128)}`,
    erc20: [erc20Transfer(ctx, token, me, router, paid, rng.int(0, 300))],
    internal: [{ from: router.address, to: me, value: got }],
    native: [nativeTransfer(ctx, router, me, got, true)],
    category: 'token swap', summary: `Swapped ${fmt(paid, token.decimals)} ${token.symbol} for ${fmt(got, 18)} ${ctx.native}`,
    method: 'multicall',
  }
}

function nft721InDraft(ctx: Ctx, friend: `0x${string}`): Draft {
  const { rng, me } = ctx
  const price = nativeAmount(rng)
  const seller = friend
  const market = counterparties.marketplace
  const id = String(rng.int(1, 9999))
  return {
    from: me, to: market, value: price, gas: 210_000, input: `0xe7acab24${rng.hex(128)}`,
    native: [nativeTransfer(ctx, me, market, price, false)],
    nft: [nftTransfer(ctx, 'punks', id, seller, me, 1, rng.int(0, 200), market.address)],
    category: 'nft purchase', summary: `Bought Blockfeed Punks #${id} for ${fmt(price, 18)} ${ctx.native}`,
    method: 'fulfillAdvancedOrder',
  }
}

function nft721OutDraft(ctx: Ctx, friend: `0x${string}`): Draft {
  const { rng, me } = ctx
  const id = String(rng.int(1, 9999))
  return {
    from: me, to: tokenAddress(ctx.chain, 'punks'), value: 0n, gas: 85_000, input: `0x42842e0e${rng.hex(192)}`,
    nft: [nftTransfer(ctx, 'punks', id, me, friend, 1, rng.int(0, 200), me)],
    category: 'nft send', summary: `Sent Blockfeed Punks #${id}`, method: 'safeTransferFrom',
  }
}

function nft1155BatchDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const game = addressOf(`game:${ctx.chain}`)
  const log = rng.int(0, 100)
  const ids: [string, number][] = [['1', 5], ['7', 12], ['42', 100]]
  return {
    from: me, to: tokenAddress(ctx.chain, 'items'), value: 0n, gas: 140_000, input: `0x1f7fdffa${rng.hex(256)}`,
    nft: ids.map(([id, amount], k) => nftTransfer(ctx, 'items', id, ZERO_ADDRESS, me, amount, log + k, game)).map((t) => ({ ...t, transaction_type: 'Batch' })),
    category: 'mint', summary: 'Minted 117 Game Items (3 kinds)', method: 'mintBatch',
  }
}

function contractCreationDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const created = addressOf(`created:${ctx.chain}:${ctx.index}`)
  return {
    from: me, to: null, value: 0n, gas: 1_250_000, input: `0x608060405234801561001057600080fd5b50${rng.hex(600)}`,
    contractAddress: created,
    category: 'contract interaction', summary: 'Deployed a contract', method: null,
  }
}

function failedDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const value = nativeAmount(rng)
  return {
    from: me, to: counterparties.router, value, gas: 250_000, input: `0x3593564c${rng.hex(192)}`, status: '0',
    category: 'contract interaction', summary: 'Swap failed', method: 'execute',
  }
}

function contractCallDraft(ctx: Ctx): Draft {
  const { me } = ctx
  return {
    from: me, to: tokenAddress(ctx.chain, 'punks'), value: 0n, gas: 48_000, input: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [counterparties.marketplace.address, true] }),
    category: 'contract interaction', summary: 'Approved OpenSea: Seaport 1.6 for all Blockfeed Punks', method: 'setApprovalForAll',
  }
}

function spamTokenDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const spammer = addressOf(`spammer:${ctx.index}`)
  // One spam airdrop claims uint256-max tokens, sent as a bare JSON number.
  const value = ctx.index % 3 === 0 ? new RawNumber(maxUint256.toString()) : tokenAmount(rng, 18) * 1000n
  return {
    from: spammer, to: tokenAddress(ctx.chain, 'claim'), value: 0n, gas: 900_000, input: `0x729ad39e${rng.hex(128)}`,
    erc20: [erc20Transfer(ctx, erc20Tokens.claim, spammer, me, value, rng.int(0, 300))],
    category: 'airdrop', summary: 'Received CLAIM-USDC.EXAMPLE', method: 'airdrop', spam: true,
  }
}

function spamNftDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const spammer = addressOf(`nftspammer:${ctx.index}`)
  return {
    from: spammer, to: tokenAddress(ctx.chain, 'voucher'), value: 0n, gas: 700_000, input: `0x0ca05f9f${rng.hex(128)}`,
    nft: [nftTransfer(ctx, 'voucher', String(rng.int(1, 50)), spammer, me, 1, rng.int(0, 300), spammer)],
    category: 'airdrop', summary: 'Received Free Mint Voucher', method: 'airdrop', spam: true,
  }
}

function poisoningDraft(ctx: Ctx, friend: `0x${string}`): Draft {
  const { rng, me } = ctx
  // Address poisoning: a zero-value transferFrom "from" the wallet to a lookalike of a friend.
  const scammer = addressOf(`scammer:${ctx.index}`)
  const lookalike = lookalikeOf(friends[0] ?? friend, String(ctx.index))
  return {
    from: scammer, to: tokenAddress(ctx.chain, 'usdc'), value: 0n, gas: 60_000, input: `0x23b872dd${rng.hex(192)}`,
    erc20: [erc20Transfer(ctx, erc20Tokens.usdc, me, lookalike, 0n, rng.int(0, 300))],
    category: 'token send', summary: 'Sent 0 USDC', method: 'transferFrom',
  }
}

function poisoningInDraft(ctx: Ctx, friend: `0x${string}`): Draft {
  const { rng, me } = ctx
  const lookalike = lookalikeOf(friends[1] ?? friend, String(ctx.index))
  return {
    from: lookalike, to: tokenAddress(ctx.chain, 'usdt'), value: 0n, gas: 60_000, input: `0xa9059cbb${rng.hex(128)}`,
    erc20: [erc20Transfer(ctx, erc20Tokens.usdt, lookalike, me, 0n, rng.int(0, 300))],
    category: 'token receive', summary: 'Received 0 USDT', method: 'transfer',
  }
}

function hostileTokenDraft(ctx: Ctx): Draft {
  const { rng, me } = ctx
  const token = rng.pick([erc20Tokens.script, erc20Tokens.bidi, erc20Tokens.long])
  const from = rng.pick([counterparties.bidiLabel, counterparties.markupLabel, counterparties.longLabel, counterparties.zeroWidth])
  const value = tokenAmount(rng, token.decimals)
  return {
    from: from.address, to: tokenAddress(ctx.chain, token.key), value: 0n, gas: 65_000, input: '0xa9059cbb',
    erc20: [erc20Transfer(ctx, token, from, me, value, rng.int(0, 300))],
    category: 'token receive', summary: `Received ${fmt(value, token.decimals)} ${token.symbol}`, method: 'transfer',
  }
}

const drafts: Record<TransactionKind, (ctx: Ctx, friend: `0x${string}`, kind: TransactionKind) => Draft> = {
  nativeOut: nativeOutDraft,
  nativeIn: nativeInDraft,
  nativeSelf: nativeSelfDraft,
  bridgeDeposit: bridgeDepositDraft,
  erc20Out: erc20TransferDraft,
  erc20In: erc20TransferDraft,
  erc20Whole: erc20TransferDraft,
  approveMax: approveMaxDraft,
  swapInternal: swapInternalDraft,
  nft721In: nft721InDraft,
  nft721Out: nft721OutDraft,
  nft1155Batch: nft1155BatchDraft,
  contractCreation: contractCreationDraft,
  failed: failedDraft,
  contractCall: contractCallDraft,
  spamToken: spamTokenDraft,
  spamNft: spamNftDraft,
  poisoning: poisoningDraft,
  poisoningIn: poisoningInDraft,
  hostileToken: hostileTokenDraft,
}

/** The draft of one transaction of a kind. A friend is drawn first for every kind, so each wallet's sequence stays the same. */
export function draftOf(ctx: Ctx, kind: TransactionKind): Draft {
  const friend = ctx.rng.pick(friends)
  return drafts[kind](ctx, friend, kind)
}
