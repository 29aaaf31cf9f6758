import { privateKeyToAccount } from 'viem/accounts'

/**
 * One of the devnet's wallets: an anvil dev account (mnemonic `test test … junk`), public knowledge,
 * never to be used on a real chain.
 */
export interface DevnetWallet {
  /** Its name in the scenario: `deployer`, `alice`, `bob` or `carol`. */
  name: string
  /** What this wallet does in the seeded scenario. */
  role: string
  /** Its address, checksummed. */
  address: `0x${string}`
  /** Its private key, to sign transactions on the devnet (public: never use it on a real chain). */
  privateKey: `0x${string}`
}

const keys = [
  ['deployer', 'deploys the tokens and collections, funds the others', '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'],
  ['alice', 'the wallet with every kind of activity: open her history first', '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'],
  ['bob', 'trades with alice', '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'],
  ['carol', 'receives internal transfers and spam', '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'],
] as const

/**
 * The devnet's four wallets, with their roles: open alice's history first, she has every kind of activity.
 *
 * @example
 * ```ts
 * import { devnetWallets } from 'blockfeed/devnet'
 *
 * const alice = devnetWallets.find((w) => w.name === 'alice')!
 * console.log(alice.address, alice.role)
 * ```
 */
export const devnetWallets: readonly DevnetWallet[] = keys.map(([name, role, privateKey]) => ({
  name,
  role,
  address: privateKeyToAccount(privateKey).address,
  privateKey,
}))
