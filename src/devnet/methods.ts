import { decodeFunctionData, type Abi, type Hex } from 'viem'
import { DevnetCollectible, DevnetItems, DevnetNames, DevnetSplitter, DevnetToken } from './artifacts.js'

const ARTIFACTS: readonly { abi: Abi; bytecode: Hex }[] = [DevnetToken, DevnetCollectible, DevnetItems, DevnetSplitter, DevnetNames]

/**
 * The contracts the devnet knows the ABI of, and the method each call to them names: what a hosted
 * service sends as `method_label` ("approve", "transfer", "setApprovalForAll"…).
 *
 * A contract is known when the index sees it created from one of the devnet's own artifacts (its
 * creation input is that artifact's bytecode followed by the constructor's arguments): the seeded
 * tokens, collections, splitter and name registry, on a node the devnet started or one it attached to.
 */
export class KnownContracts {
  private readonly abis = new Map<string, Abi>()

  /** Remembers a contract a successful creation made, when its code is one of the devnet's artifacts. */
  created(address: string, input: string): void {
    const artifact = ARTIFACTS.find((a) => input.startsWith(a.bytecode))
    if (artifact) this.abis.set(address.toLowerCase(), artifact.abi)
  }

  /** The function a call to a known contract names; null for any other call, or input that no function of its ABI reads. */
  methodLabel(to: string | null, input: string): string | null {
    const abi = to ? this.abis.get(to.toLowerCase()) : undefined
    if (!abi || input.length < 10) return null
    try {
      return decodeFunctionData({ abi, data: input as Hex }).functionName
    } catch {
      return null
    }
  }

  clear(): void {
    this.abis.clear()
  }
}
