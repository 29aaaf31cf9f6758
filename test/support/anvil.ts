import { launchAnvil, type AnvilProcess } from '../../src/devnet/anvil.js'

export type Anvil = AnvilProcess

/**
 * A fresh anvil on a free port for one test file, found the way `blockfeed devnet` finds it
 * (ANVIL_PATH, PATH, then the `@foundry-rs/anvil-linux-amd64` package).
 */
export function startAnvil(args: string[] = []): Promise<Anvil> {
  return launchAnvil({ args })
}
