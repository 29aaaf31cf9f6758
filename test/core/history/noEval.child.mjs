// Run by noEval.test.ts as `node --disallow-code-generation-from-strings noEval.child.mjs <dist>`.
// Before the package loads, every way to compile code from a string is replaced by one that counts
// the attempt and throws as a strict Content-Security-Policy would: a caught attempt (a fallback,
// zod's `new Function("")` probe) is still a reported violation in a browser, so it must count.
// Then pages are read through the client; one JSON line tells the test what happened.
import { readFileSync } from 'node:fs'
import { makeHistoryPage, makeWallet } from '../../bench/history-fixture.mjs'
import { makeHostedPage } from '../../bench/history-http.mjs'

const attempts = []
const refused = (name, original) =>
  new Proxy(original, {
    apply(_target, _this, args) {
      attempts.push(`${name}(${String(args.at(-1)).slice(0, 60)})`)
      throw new EvalError(`Refused to evaluate a string as JavaScript: ${name}`)
    },
    construct(_target, args) {
      attempts.push(`new ${name}(${String(args.at(-1)).slice(0, 60)})`)
      throw new EvalError(`Refused to evaluate a string as JavaScript: ${name}`)
    },
  })
globalThis.Function = refused('Function', Function)
Object.defineProperty(Function.prototype, 'constructor', { value: globalThis.Function })
for (const fn of [async function () {}, function* () {}, async function* () {}]) {
  const proto = Object.getPrototypeOf(fn)
  Object.defineProperty(proto, 'constructor', { value: refused(proto.constructor.name, proto.constructor) })
}
globalThis.eval = refused('eval', eval)

const dist = process.argv[2]
const { createClient, ResponseShapeError, trackedTransactionSchema } = await import(new URL('exports/index.js', dist).href)
const body = (name) => readFileSync(new URL(`real-bodies/${name}`, import.meta.url), 'utf8')
const pages = {
  fixture: JSON.stringify(makeHistoryPage(makeWallet(1), { entries: 100 })),
  hosted: JSON.stringify(makeHostedPage()),
  'numbers-limit-page-after-result.json': body('numbers-limit-page-after-result.json'),
  // Bare integers above 2^53: read again losslessly, then by the copying reader.
  'text-numbers-last-page.json': body('text-numbers-last-page.json'),
  'cursor-null-lists-left-out.json': body('cursor-null-lists-left-out.json'),
}
const invalid = JSON.parse(pages.fixture)
invalid.result[3].native_transfers = [{ ...invalid.result[3].native_transfers[0], value: 'lots' }]
pages.invalid = JSON.stringify(invalid)

let served = ''
const client = createClient({
  baseUrl: 'http://history.test',
  chain: 'eth',
  retry: false,
  fetch: async () => new Response(served, { headers: { 'content-type': 'application/json' } }),
})
const results = {}
for (const [name, text] of Object.entries(pages)) {
  served = text
  try {
    const page = await client.getWalletHistory({ address: '0x00000000000000000000000000000000000000a1' })
    results[name] = { entries: page.result.length }
  } catch (error) {
    results[name] = { error: error?.name, resource: error instanceof ResponseShapeError ? 'ResponseShapeError' : String(error), path: error?.path, message: error?.message }
  }
}
// The stored-record schema (zod, exported from the root): a record kept and one refused.
const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const record = {
  hash: `0x${'ab'.repeat(32)}`, chain: 'eth', from: A, nonce: 1, to: A, value: '10', tokenTransfer: null,
  receiptTransfers: { lines: [], total: 0 }, status: 'pending', blockNumber: null, confirmations: 0, confirmationsTarget: 12,
  final: false, replacedBy: null, error: null, raw: null, trackedAt: 1_700_000_000_000, updatedAt: 1_700_000_000_001,
}
const validate = (value) => trackedTransactionSchema['~standard'].validate(value)
results.record = { kept: !validate(record).issues, refused: Boolean(validate({ ...record, nonce: 1.5 }).issues) }
console.log(JSON.stringify({ attempts, results }))
