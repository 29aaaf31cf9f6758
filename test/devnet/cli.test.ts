/**
 * `blockfeed devnet` as a user runs it: the built bin on any free port prints working URLs, the
 * seeded wallets and a createClient snippet; Ctrl-C stops the devnet and the anvil it started;
 * a bad option gets a clear message. (Where anvil is looked for is tested in anvil.test.ts.)
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPublicClient, http } from 'viem'
import { getEnsName } from 'viem/actions'
import { createClient } from '../../src/core/client'

const bin = resolve(import.meta.dirname, '../../dist/devnet/cli.js')

function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  const waitFor = (re: RegExp, ms = 60_000) =>
    new Promise<RegExpMatchArray>((done, fail) => {
      const t = setInterval(() => {
        const m = re.exec(out)
        if (m) {
          clearInterval(t)
          done(m)
        }
      }, 50)
      setTimeout(() => (clearInterval(t), fail(new Error(`timed out waiting for ${re}:\n${out}`))), ms)
    })
  return { child, exited, waitFor, output: () => out }
}

describe('the blockfeed bin', () => {
  it('starts a seeded devnet, prints what to paste, serves history, and Ctrl-C stops everything it started', async () => {
    const cli = run(['devnet', '--port', '0'])
    await cli.waitFor(/Press Ctrl-C to stop/)
    const out = cli.output()
    const url = /Wallet history\s+GET\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!
    const node = /Node\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!
    const alice = /alice\s+(0x[0-9a-fA-F]{40})/.exec(out)![1]!
    expect(out).toContain("import { createClient } from 'blockfeed'")
    expect(out).toContain(`baseUrl: '${url}'`)

    const client = createClient({ baseUrl: url, rpc: { url: `${url}/rpc` }, chain: '0x7a69', extraChains: ['0x7a69'] })
    const page = await client.getWalletHistory({ address: alice, limit: 5 })
    expect(page.result.length).toBe(5)
    expect(await client.rpc({ method: 'eth_chainId' })).toBe('0x7a69')
    const universalResolverAddress = /universalResolverAddress: '(0x[0-9a-fA-F]{40})'/.exec(out)![1]! as `0x${string}`
    expect(await getEnsName(createPublicClient({ transport: http(`${url}/rpc`) }), { address: alice as `0x${string}`, universalResolverAddress })).toBe('alice.eth')

    // The client options as JSON, ready to paste, are those GET /config serves, names included.
    expect(out).toContain(`GET ${url}/config`)
    const printed = JSON.parse(/\n {2}(\{\n[\s\S]*?\n {2}\})\n/.exec(out)![1]!.replace(/\n {2}/g, '\n'))
    expect(printed).toMatchObject({ baseUrl: url, rpc: { url: `${url}/rpc` }, chain: '0x7a69', ensUniversalResolver: universalResolverAddress })
    expect(await (await fetch(`${url}/config`)).json()).toEqual(printed)

    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(0)
    // The anvil it started is gone too.
    await expect(fetch(node, { method: 'POST', body: '{}' })).rejects.toThrow()
    await expect(fetch(url)).rejects.toThrow()
  }, 120_000)

  it('a bad option is refused with the usage', async () => {
    const cli = run(['devnet', '--port', 'eighty'])
    expect(await cli.exited).toBe(1)
    expect(cli.output()).toMatch(/--port: expected a port number/)
    // A fresh Node loading the bin took over 30 s on a loaded machine: the guard of the test above.
  }, 120_000)
})
