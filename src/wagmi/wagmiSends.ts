import type { Mutation } from '@tanstack/query-core'
import { encodeFunctionData, type Abi } from 'viem'

/** wagmi's mutation keys for sending: its hooks run these on the app's QueryClient. */
const SENDS = ['sendTransaction', 'writeContract', 'deployContract', 'sendTransactionSync', 'writeContractSync', 'sendCalls', 'sendCallsSync'] as const
type SendKind = (typeof SENDS)[number]

/** What the app asked wagmi to send, as far as it tells what the transaction does. */
export interface SentRequest {
  to?: string | undefined
  value?: string | undefined
  data?: string | undefined
}

/** A send wagmi finished: the hashes known now, or the EIP-5792 bundle id whose hashes come later. */
export interface WagmiSend {
  kind: SendKind
  hashes: string[]
  /** `sendCalls`: the bundle to ask `wallet_getCallsStatus` about. */
  callsId: string | undefined
  /** wagmi's chain id of the call, when the app gave one (else the connected chain's). */
  chainId: number | undefined
  from: string | undefined
  /** Per hash (or per call of a bundle, in order): what it does. */
  requests: SentRequest[]
  /** The connector the app named for this call (else the connected one). */
  connector: unknown
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const hexText = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v) ? v : undefined)
const isHash = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{64}$/.test(v)

/** The send a finished wagmi mutation made, or undefined (not a send, opted out with `meta: { blockfeed: false }`, or no hash). */
export function wagmiSendOf(mutation: Pick<Mutation<unknown, unknown, unknown>, 'options' | 'state'>): WagmiSend | undefined {
  const kind = mutation.options.mutationKey?.[0]
  if (typeof kind !== 'string' || !(SENDS as readonly string[]).includes(kind)) return undefined
  if (mutation.options.meta?.blockfeed === false) return undefined
  const variables = isRecord(mutation.state.variables) ? mutation.state.variables : {}
  const data = mutation.state.data
  const calls = Array.isArray(variables.calls) ? variables.calls : undefined
  const send: WagmiSend = {
    kind: kind as SendKind,
    hashes: hashesOf(data),
    callsId: isRecord(data) && typeof data.id === 'string' && !Array.isArray(data.receipts) ? data.id : undefined,
    chainId: typeof variables.chainId === 'number' ? variables.chainId : undefined,
    from: accountOf(variables.account),
    requests: calls ? calls.map(requestOf) : [requestOf(variables)],
    connector: variables.connector,
  }
  return send.hashes.length > 0 || send.callsId !== undefined ? send : undefined
}

/** A hash (the plain sends), a receipt (the `…Sync` ones) or a bundle's status with receipts (`sendCallsSync`). */
function hashesOf(data: unknown): string[] {
  if (isHash(data)) return [data.toLowerCase()]
  if (!isRecord(data)) return []
  if (isHash(data.transactionHash)) return [data.transactionHash.toLowerCase()]
  if (Array.isArray(data.receipts)) return data.receipts.flatMap((r) => (isRecord(r) && isHash(r.transactionHash) ? [r.transactionHash.toLowerCase()] : []))
  return []
}

/** `account` is an address or a viem Account. */
function accountOf(account: unknown): string | undefined {
  const address = isRecord(account) ? account.address : account
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? address : undefined
}

/** What one call does: its target, value and calldata (a contract write's encoded from its ABI and arguments, with no request). */
function requestOf(call: unknown): SentRequest {
  if (!isRecord(call)) return {}
  const to = typeof call.address === 'string' ? call.address : typeof call.to === 'string' ? call.to : undefined
  const value = typeof call.value === 'bigint' ? call.value.toString() : undefined
  let data = hexText(call.data)
  if (data === undefined && Array.isArray(call.abi) && typeof call.functionName === 'string') {
    try {
      data = encodeFunctionData({ abi: call.abi as Abi, functionName: call.functionName, args: Array.isArray(call.args) ? call.args : [] })
    } catch {
      // An ABI viem cannot encode: the record says "contract call" until the node answers.
    }
  }
  return { to, value, data }
}
