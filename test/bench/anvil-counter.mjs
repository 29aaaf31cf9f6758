// A real anvil with automine off and a counting JSON-RPC server in front of it: every HTTP request
// the library sends is recorded with the methods it carries. Shared by the live benchmarks.
import { createServer } from 'node:http'
import { launchAnvil } from '../../dist/devnet/anvil.js'

export async function anvilWithCounter() {
  const anvil = await launchAnvil()
  /** A call straight to anvil (not counted): mining, automine. */
  const direct = async (method, params = []) => {
    const res = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    const body = await res.json()
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result
  }
  await direct('evm_setAutomine', [false])
  const requests = []
  const server = createServer(async (req, res) => {
    const chunks = []
    for await (const c of req) chunks.push(c)
    const body = Buffer.concat(chunks).toString()
    const parsed = JSON.parse(body)
    requests.push((Array.isArray(parsed) ? parsed : [parsed]).map((c) => c.method))
    const upstream = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return { anvil, direct, requests, server, url: `http://127.0.0.1:${server.address().port}` }
}
