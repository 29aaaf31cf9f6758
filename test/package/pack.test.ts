import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startAnvil, type Anvil } from '../support/anvil.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } })

// What a consumer's plain Node 20 script does with the installed tarball: both operations, over real HTTP.
const CONSUMER = `
import { createServer } from 'node:http'
import { createClient, InvalidParameterError, chainNames } from 'blockfeed'

const page = '{"page":"0","page_size":"1","cursor":"","result":[{"hash":"0x${'ab'.repeat(32)}","from_address":"0x1111111111111111111111111111111111111111","to_address":null,"value":123456789012345678901234567890,"block_timestamp":"2024-01-01T00:00:00Z","block_number":"1"}]}'
let seen
const server = createServer((req, res) => {
  seen = { url: req.url, key: req.headers['x-api-key'], accept: req.headers.accept }
  res.setHeader('content-type', 'application/json')
  res.end(page)
})
await new Promise((r) => server.listen(0, '127.0.0.1', r))
const client = createClient({ baseUrl: 'http://127.0.0.1:' + server.address().port, apiKey: 'k-1', rpc: { url: process.env.RPC_URL } })
const history = await client.getWalletHistory({ address: '0x1111111111111111111111111111111111111111', chain: 'eth', limit: 1 })
const chainId = await client.rpc({ method: 'eth_chainId' })
let invalid
try { await client.rpc({ method: 'eth_sendTransaction', params: [] }) } catch (e) { invalid = e instanceof InvalidParameterError && e.parameter }
server.close()
console.log(JSON.stringify({ chainId, value: history.result[0].value, to: history.result[0].to_address, seen, invalid, chains: chainNames.length }))
`

let anvil: Anvil
let dir: string

beforeAll(async () => {
  anvil = await startAnvil()
  dir = mkdtempSync(join(tmpdir(), 'blockfeed-pack-'))
})

afterAll(async () => {
  await anvil?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the packed package', () => {
  it('builds, packs, installs with its peer viem into an empty folder and works in plain Node 20', async () => {
    // Pack from a copy of the tree, so a build running in the checkout at the same time cannot race ours.
    const src = join(dir, 'src-tree')
    mkdirSync(src)
    for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'CHANGELOG.md', 'scripts', 'src', 'contracts']) {
      if (existsSync(join(root, entry))) cpSync(join(root, entry), join(src, entry), { recursive: true })
    }
    symlinkSync(join(root, 'node_modules'), join(src, 'node_modules'), 'dir')
    // The run's global setup has just built dist/ with this very `npm run build` (a CI run): its output
    // is what a build here would make. In a checkout others build in (BLOCKFEED_SKIP_BUILD), build the copy.
    if (inject('distBuiltThisRun')) cpSync(join(root, 'dist'), join(src, 'dist'), { recursive: true })
    else await npm(['run', 'build'], src)

    const packed = JSON.parse((await npm(['pack', '--json', '--pack-destination', dir], src)).stdout) as { filename: string; files: { path: string }[] }[]
    const tarball = join(dir, packed[0]!.filename)
    const files = packed[0]!.files.map((f) => f.path)
    expect(files).toContain('dist/exports/index.js')
    expect(files).toContain('dist/exports/index.d.ts')
    // What npm shows beside the README: the release notes, and the built-in data for apps and tests.
    expect(files).toContain('CHANGELOG.md')
    expect(files).toContain('dist/exports/testing.js')
    expect(files.filter((f) => /^(src|test)\//.test(f) || /\.test\./.test(f))).toEqual([])

    const app = join(dir, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    await npm(['install', '--no-audit', '--no-fund', tarball, 'viem'], app)
    expect(readdirSync(join(app, 'node_modules', 'blockfeed', 'dist', 'exports'))).toContain('index.js')

    writeFileSync(join(app, 'main.mjs'), CONSUMER)
    const { stdout } = await run(process.execPath, ['main.mjs'], { cwd: app, env: { ...process.env, RPC_URL: anvil.rpcUrl } })
    expect(JSON.parse(stdout)).toEqual({
      chainId: '0x7a69',
      value: '123456789012345678901234567890',
      to: null,
      seen: { url: '/api/v2.2/wallets/0x1111111111111111111111111111111111111111/history?chain=eth&limit=1', key: 'k-1', accept: 'application/json' },
      invalid: 'method',
      chains: 13,
    })
  }, 600_000)
})
