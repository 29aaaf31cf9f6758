import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { formatEther, formatGwei, hexToBigInt, hexToNumber, type Hex } from 'viem'
import { useRpc, useSendRawTransaction } from '../../src/exports/react.js'
import { chainNameOf, tokenAddress, transactionOfKind, wallets } from '../../src/testing/index.js'
import { createHandlers } from '../handlers.js'
import { useStoryTarget } from '../support/StoryProvider.js'

/** Results are untrusted (a live node may answer anything): a value that cannot be decoded is shown, not thrown. */
function decoded(read: () => ReactNode): ReactNode {
  try {
    return read()
  } catch (error) {
    return `unreadable (${error instanceof Error ? error.message : String(error)})`
  }
}

function Row({ method, status, children }: { method: string; status: string; children: ReactNode }) {
  return (
    <div style={{ display: 'contents' }}>
      <dt>
        <code>{method}</code>
      </dt>
      <dd data-method={method} data-status={status}>
        {status === 'success' ? children : status}
      </dd>
    </div>
  )
}

const errorText = (e: Error | null) => (e ? `${e.name}: ${e.message.slice(0, 120)}` : '')

/** Several of the 28 methods, each one `useRpc` call; results are the raw JSON-RPC values, decoded with viem. */
function RpcDemo({ address, chain }: { address: string; chain?: string }) {
  const target = useStoryTarget(address, chain)
  const wallet = target.wallet as Hex
  const c = target.chain
  const blockNumber = useRpc({ method: 'eth_blockNumber', chain: c })
  const chainId = useRpc({ method: 'eth_chainId', chain: c })
  const gasPrice = useRpc({ method: 'eth_gasPrice', chain: c })
  const balance = useRpc({ method: 'eth_getBalance', params: [wallet, 'latest'], chain: c })
  const nonce = useRpc({ method: 'eth_getTransactionCount', params: [wallet, 'latest'], chain: c })
  const block = useRpc({
    method: 'eth_getBlockByNumber',
    params: ['latest', false],
    chain: c,
    query: { select: (b) => (b ? { number: b.number, hash: b.hash, txs: b.transactions.length, baseFee: b.baseFeePerGas } : null) },
  })
  // The fixtures' failed transaction; on a live service or the devnet this hash is simply not found (null).
  const txHash = transactionOfKind('failed', chainNameOf(c ?? 'eth') ?? 'eth').raw.hash as Hex
  const receipt = useRpc({ method: 'eth_getTransactionReceipt', params: [txHash], chain: c })
  const decimals = useRpc({
    method: 'eth_call',
    params: [{ to: tokenAddress(c ?? 'eth', 'usdc'), data: '0x313ce567' }, 'latest'],
    chain: c,
  })
  const fees = useRpc({ method: 'eth_feeHistory', params: ['0x4', 'latest', [25, 75]], chain: c })
  const all = [blockNumber, chainId, gasPrice, balance, nonce, block, receipt, decimals, fees]
  return (
    <section className="sb-demo" aria-label="useRpc results">
      <dl>
        <Row method="eth_blockNumber" status={blockNumber.status}>{decoded(() => blockNumber.data && hexToNumber(blockNumber.data).toLocaleString('en'))}</Row>
        <Row method="eth_chainId" status={chainId.status}>{decoded(() => chainId.data && `${chainId.data} (${hexToNumber(chainId.data)})`)}</Row>
        <Row method="eth_gasPrice" status={gasPrice.status}>{decoded(() => gasPrice.data && `${formatGwei(hexToBigInt(gasPrice.data))} gwei`)}</Row>
        <Row method="eth_getBalance" status={balance.status}>{decoded(() => balance.data && `${formatEther(hexToBigInt(balance.data))} (native units)`)}</Row>
        <Row method="eth_getTransactionCount" status={nonce.status}>{decoded(() => nonce.data && hexToNumber(nonce.data))}</Row>
        <Row method="eth_getBlockByNumber" status={block.status}>{decoded(() => block.data && `#${hexToNumber(block.data.number!)} · ${block.data.txs} txs · ${block.data.hash?.slice(0, 12)}…`)}</Row>
        <Row method="eth_getTransactionReceipt" status={receipt.status}>{decoded(() => receipt.data === null ? 'not found' : receipt.data && `status ${receipt.data.status} · gas used ${hexToNumber(receipt.data.gasUsed)}`)}</Row>
        <Row method="eth_call" status={decimals.status}>{decoded(() => decimals.data && (decimals.data === '0x' ? 'no contract there (0x)' : `USDC decimals() = ${hexToNumber(decimals.data)}`))}</Row>
        <Row method="eth_feeHistory" status={fees.status}>{decoded(() => fees.data && `oldest ${fees.data.oldestBlock} · base fees ${fees.data.baseFeePerGas.length}`)}</Row>
      </dl>
      {all.some((q) => q.error) && <p role="alert">{errorText(all.find((q) => q.error)?.error ?? null)}</p>}
    </section>
  )
}

const code = `import { useRpc } from 'blockfeed/react'
import { formatEther, hexToBigInt } from 'viem'

function Balance({ address }: { address: \`0x\${string}\` }) {
  // params and data are typed from the method name (viem's PublicRpcSchema)
  const { data, status } = useRpc({ method: 'eth_getBalance', params: [address, 'latest'], watch: true })
  return <span>{status === 'success' ? formatEther(hexToBigInt(data)) : '…'}</span>
}

const block = useRpc({
  method: 'eth_getBlockByNumber',
  params: ['latest', false],
  query: { select: (b) => b && { number: b.number, txs: b.transactions.length } },
})`

const meta = {
  title: 'Hooks/useRpc',
  component: RpcDemo,
  args: { address: wallets.rich, chain: 'eth' },
  parameters: {
    docs: {
      description: { component: 'Any of the 28 JSON-RPC methods as a typed query. Calls made in the same tick go out as one JSON-RPC batch.' },
      source: { code, language: 'tsx' },
    },
  },
} satisfies Meta<typeof RpcDemo>

export default meta
type Story = StoryObj<typeof meta>

const methods = ['eth_blockNumber', 'eth_chainId', 'eth_gasPrice', 'eth_getBalance', 'eth_getTransactionCount', 'eth_getBlockByNumber', 'eth_getTransactionReceipt', 'eth_call', 'eth_feeHistory']

/** Nine methods on eth, answered by the fixture node (the failed transaction's receipt has status 0x0). */
export const SeveralMethods: Story = {
  play: async ({ canvasElement }) => {
    for (const m of methods) {
      // The first answer on eth indexes every fixture block (10,000 transactions of the huge wallet included).
      await waitFor(() => expect(canvasElement.querySelector(`[data-method="${m}"]`)).toHaveAttribute('data-status', 'success'), { timeout: 15_000 })
    }
    await expect(canvasElement.querySelector('[data-method="eth_chainId"]')).toHaveTextContent('0x1 (1)')
    await expect(canvasElement.querySelector('[data-method="eth_getTransactionReceipt"]')).toHaveTextContent('status 0x0')
    await expect(canvasElement.querySelector('[data-method="eth_call"]')).toHaveTextContent('= 6')
  },
}

export const OnPolygon: Story = {
  args: { chain: 'polygon' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-method="eth_chainId"]')).toHaveTextContent('0x89 (137)'))
  },
}

const rpcDown = createHandlers({ fail: { with: 500, target: 'rpc' } })
/** The node answers 500: each query reports a typed HttpStatusError. */
export const NodeDown: Story = {
  parameters: { msw: { handlers: { blockfeed: rpcDown } } },
  beforeEach: () => rpcDown.reset(),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/HttpStatusError/)
  },
}

const raw: Hex = '0x02f86c0180843b9aca00850ba43b740082520894a11ce0000000000000000000000000000000000180c001a0'

/** `useSendRawTransaction`: a mutation that resolves to the transaction hash. */
function SendDemo() {
  const send = useSendRawTransaction()
  return (
    <section className="sb-demo" aria-label="useSendRawTransaction">
      <pre>{raw}</pre>
      <div>
        <button type="button" onClick={() => send.mutate({ serializedTransaction: raw })} disabled={send.isPending}>
          Send raw transaction
        </button>
      </div>
      <p role="status">{send.status === 'success' ? `Hash ${send.data}` : send.status === 'error' ? errorText(send.error) : send.status}</p>
    </section>
  )
}

export const SendRawTransaction: Story = {
  render: () => <SendDemo />,
  parameters: {
    docs: {
      source: {
        code: `const send = useSendRawTransaction()\nsend.mutate({ serializedTransaction: signed }) // send.data: the hash`,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send raw transaction' }))
    await expect(await canvas.findByText(/^Hash 0x[0-9a-f]{64}$/)).toBeInTheDocument()
  },
}
