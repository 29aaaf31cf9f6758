import { createPublicClient, createWalletClient, defineChain, getAddress, http, maxUint256, parseEther, parseUnits, type Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DevnetCollectible, DevnetItems, DevnetNames, DevnetSplitter, DevnetToken } from './artifacts.js'
import { devnetWallets } from './wallets.js'

/** The addresses of the contracts the devnet seeds: tokens, collections, a splitter and the name registry. */
export interface SeededContracts {
  /** Devnet USD, an ERC-20 token with 6 decimals. */
  usd: `0x${string}`
  /** Devnet Dai, an ERC-20 token with 18 decimals. */
  dai: `0x${string}`
  /** A spam token airdropped to carol. */
  spam: `0x${string}`
  /** Devnet Kittens, an ERC-721 collection. */
  kittens: `0x${string}`
  /** Devnet Items, an ERC-1155 collection. */
  items: `0x${string}`
  /** A contract that splits the ether it receives: the source of the internal transfers. */
  splitter: `0x${string}`
  /**
   * The name registry, answering as the ENS Universal Resolver: pass it as
   * `universalResolverAddress` to viem's `getEnsName` / `getEnsAddress`.
   */
  universalResolver: `0x${string}`
}

/**
 * The names the devnet gives its wallets (alice.eth, bob.eth, carol.eth), shown in the feed when the
 * client has the devnet's `ensUniversalResolver`.
 *
 * They are forward-verified, as ENS primary names are; the deployer's reverse record is a spoof that
 * does not resolve back, so it shows no name.
 *
 * @example
 * ```ts
 * import { devnetNames } from 'blockfeed/devnet'
 *
 * console.log(devnetNames.alice) // 'alice.eth'
 * ```
 */
export const devnetNames: Readonly<Record<'alice' | 'bob' | 'carol', string>> = { alice: 'alice.eth', bob: 'bob.eth', carol: 'carol.eth' }

/**
 * Labels shown in the history, as a hosted service labels known entities: the seeded contracts,
 * and a wallet only when it has no seeded name (a service label wins over a name in the rows, so
 * labelling alice would hide `alice.eth`).
 */
export function seedLabels(contracts: SeededContracts | undefined): Map<string, string> {
  const labels = new Map<string, string>()
  for (const w of devnetWallets) if (!Object.hasOwn(devnetNames, w.name)) labels.set(w.address.toLowerCase(), `devnet ${w.name}`)
  if (contracts) {
    labels.set(contracts.usd.toLowerCase(), 'Devnet USD (6 decimals)')
    labels.set(contracts.dai.toLowerCase(), 'Devnet Dai (18 decimals)')
    labels.set(contracts.kittens.toLowerCase(), 'Devnet Kittens (ERC-721)')
    labels.set(contracts.items.toLowerCase(), 'Devnet Items (ERC-1155)')
    labels.set(contracts.splitter.toLowerCase(), 'Devnet Splitter')
    labels.set(contracts.universalResolver.toLowerCase(), 'Devnet Names (ENS Universal Resolver)')
  }
  return labels
}

/**
 * The seeded scenario, signed with anvil's dev accounts (see wallets.ts). Alice's history
 * gets every kind of entry: native sends and receives, ERC-20 (6 and 18 decimals), ERC-721
 * and ERC-1155 (single and batch) transfers, approvals (one revoked, one unlimited), a contract
 * creation, internal transfers in and out, a failed call and a spam airdrop; then the name registry.
 */
export async function seedScenario(nodeUrl: string, chainId: number): Promise<SeededContracts> {
  const chain = defineChain({
    id: chainId,
    name: 'blockfeed devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [nodeUrl] } },
  })
  const transport = http(nodeUrl, { retryCount: 0 })
  const pub = createPublicClient({ chain, transport, pollingInterval: 50 })
  const clients = devnetWallets.map((w) => createWalletClient({ account: privateKeyToAccount(w.privateKey), chain, transport }))
  type Wallet = (typeof clients)[number]
  const [deployer, alice, bob, carol] = clients as [Wallet, Wallet, Wallet, Wallet]
  // The receipt is read until anvil has it. Not viem's waitForTransactionReceipt: when its first read
  // comes before anvil has mined (anvil answers the hash first), it waits for the next block, and with
  // automine and no other transaction that block never comes (seen once in a loaded run: 180 s, then a throw).
  const mined = async (hash: Promise<Hex>) => {
    const sent = await hash
    for (let tries = 0; ; tries++) {
      const receipt = await pub.getTransactionReceipt({ hash: sent }).catch(() => null)
      if (receipt) return receipt
      if (tries === 3_000) throw new Error(`blockfeed devnet: the node never mined ${sent} while seeding`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const deploy = async (who: Wallet, artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[]) => {
    const receipt = await mined(who.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args }))
    return getAddress(receipt.contractAddress!)
  }
  const call = (who: Wallet, address: `0x${string}`, abi: Abi, functionName: string, args: readonly unknown[], extra: { value?: bigint; gas?: bigint } = {}) =>
    mined(who.writeContract({ address, abi, functionName, args, ...extra } as never))

  const A = alice.account.address
  const B = bob.account.address
  const C = carol.account.address

  const usd = await deploy(deployer, DevnetToken, ['Devnet USD', 'dUSD', 6, parseUnits('1000000', 6)])
  const dai = await deploy(deployer, DevnetToken, ['Devnet Dai', 'dDAI', 18, parseUnits('1000000', 18)])
  const kittens = await deploy(deployer, DevnetCollectible, ['Devnet Kittens', 'KITTEN'])
  const items = await deploy(deployer, DevnetItems, [])
  const spam = await deploy(carol, DevnetToken, ['Visit claim-devnet.example to claim your reward', 'CLAIM', 18, parseUnits('1000000000', 18)])

  await mined(bob.sendTransaction({ to: A, value: parseEther('1.5') }))
  await mined(alice.sendTransaction({ to: B, value: parseEther('0.25') }))
  await call(deployer, usd, DevnetToken.abi, 'transfer', [A, parseUnits('1000', 6)])
  await call(alice, usd, DevnetToken.abi, 'transfer', [B, parseUnits('250.5', 6)])
  await call(deployer, dai, DevnetToken.abi, 'transfer', [A, parseUnits('42.5', 18)])
  await call(alice, usd, DevnetToken.abi, 'approve', [B, parseUnits('100', 6)])
  await call(deployer, kittens, DevnetCollectible.abi, 'mint', [A, 1n])
  await call(deployer, kittens, DevnetCollectible.abi, 'mint', [A, 2n])
  await call(alice, kittens, DevnetCollectible.abi, 'setApprovalForAll', [B, true])
  await call(alice, kittens, DevnetCollectible.abi, 'transferFrom', [A, B, 1n])
  await call(deployer, items, DevnetItems.abi, 'mintBatch', [A, [1n, 2n], [10n, 5n]])
  await call(alice, items, DevnetItems.abi, 'safeTransferFrom', [A, B, 1n, 3n, '0x'])
  await call(alice, items, DevnetItems.abi, 'safeBatchTransferFrom', [A, C, [1n, 2n], [2n, 1n], '0x'])
  const splitter = await deploy(alice, DevnetSplitter, [])
  await call(alice, splitter, DevnetSplitter.abi, 'split', [[B, C]], { value: parseEther('1') })
  await call(bob, splitter, DevnetSplitter.abi, 'forward', [A], { value: parseEther('0.3') })
  // The failing call: no recipients reverts. An explicit gas limit skips estimation, which would refuse it.
  await call(alice, splitter, DevnetSplitter.abi, 'split', [[]], { value: parseEther('0.1'), gas: 100_000n })
  await call(carol, spam, DevnetToken.abi, 'airdrop', [[A, B], parseUnits('1000', 18)])

  // Names last, so the addresses above stay what they were before the registry existed.
  const universalResolver = await deploy(deployer, DevnetNames, [])
  for (const [who, name] of [[A, devnetNames.alice], [B, devnetNames.bob], [C, devnetNames.carol]] as const) {
    await call(deployer, universalResolver, DevnetNames.abi, 'register', [name, who])
  }
  // A reverse record anyone could set: it names alice.eth, which resolves to alice, so it must not show.
  await call(deployer, universalResolver, DevnetNames.abi, 'setNameFor', [deployer.account.address, devnetNames.alice])

  // Approvals a wallet would review: the 100 dUSD allowance revoked, an unlimited dDAI one left live.
  await call(alice, usd, DevnetToken.abi, 'approve', [B, 0n])
  await call(alice, dai, DevnetToken.abi, 'approve', [B, maxUint256])

  return { usd, dai, spam, kittens, items, splitter, universalResolver }
}
