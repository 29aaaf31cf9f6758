import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { getJson, historyUrl } from './helpers.js'

// Request text that names an Object.prototype member must be treated as unknown text, never as a table entry.
const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']

let devnet: Devnet
let bob: string
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, seed: false })
  bob = devnet.wallets.find((w) => w.name === 'bob')!.address
})
afterAll(() => devnet?.stop())

describe.each(PROTO_NAMES)('request text %j', (name) => {
  it('as a query parameter name is refused as unknown', async () => {
    const { status, body } = await getJson(`${historyUrl(devnet, bob)}?${encodeURIComponent(name)}=1`)
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_parameter', parameter: name })
    expect(body.message).toMatch(/unknown query parameter/)
  })

  it.each(['chain', 'order', 'include_input_data', 'limit', 'from_block', 'from_date', 'cursor'])('as the value of %s is a 400 naming it', async (parameter) => {
    const { status, body } = await getJson(historyUrl(devnet, bob, { [parameter]: name }))
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_parameter', parameter })
  })

  it('as the address is a 400 naming the address', async () => {
    const { status, body } = await getJson(historyUrl(devnet, name))
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_parameter' })
    expect(body.message).toMatch(/address/i)
  })

  it('as a JSON-RPC method is "method not found"', async () => {
    const { status, body } = await getJson(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: name, params: [] }),
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: 1, error: { code: -32601 } })
  })
})

it('a cursor whose JSON carries a "__proto__" key is refused like any foreign cursor', async () => {
  const cursor = Buffer.from('{"__proto__":{"v":1,"b":0,"i":0,"p":0,"o":"DESC"}}').toString('base64url')
  const { status, body } = await getJson(historyUrl(devnet, bob, { cursor }))
  expect(status).toBe(400)
  expect(body).toMatchObject({ error: 'invalid_parameter', parameter: 'cursor' })
})
