// Parse cost: JSON.parse + blockfeed's validation/normalization vs JSON.parse alone, on a
// realistic 100-entry page, in interleaved runs (ratios, because machines are noisy).
import { makeHistoryPage, makeWallet } from './history-fixture.mjs'

export async function measureParse({ runs = 400, warmup = 60 } = {}) {
  // The client's own path: the body parsed once by JSON.parse, then read (see getWalletHistory).
  // BLOCKFEED_DIST=<a build's dist folder> measures another build (e.g. the code before a change).
  const dist = process.env.BLOCKFEED_DIST ? new URL(`file://${process.env.BLOCKFEED_DIST}/core/history/schema.js`) : new URL('../../dist/core/history/schema.js', import.meta.url)
  const { readWalletHistoryResponse } = await import(dist.href)
  const page = makeHistoryPage(makeWallet(1), { entries: 100 })
  const text = JSON.stringify(page)
  const readWalletHistoryPage = (json) => readWalletHistoryResponse(json, text)
  let plain = 0
  let full = 0
  for (let i = 0; i < warmup; i++) {
    JSON.parse(text)
    readWalletHistoryPage(JSON.parse(text))
  }
  const samples = []
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first so neither always gets the warmer cache.
    const order = i % 2 === 0
    let a = 0
    let b = 0
    if (order) {
      let t = performance.now(); JSON.parse(text); a = performance.now() - t
      t = performance.now(); readWalletHistoryPage(JSON.parse(text)); b = performance.now() - t
    } else {
      let t = performance.now(); readWalletHistoryPage(JSON.parse(text)); b = performance.now() - t
      t = performance.now(); JSON.parse(text); a = performance.now() - t
    }
    plain += a
    full += b
    samples.push(b / a)
  }
  samples.sort((x, y) => x - y)
  return {
    bytes: text.length,
    entries: page.result.length,
    jsonParseMs: plain / runs,
    fullMs: full / runs,
    ratio: full / plain,
    medianRatio: samples[Math.floor(samples.length / 2)],
    perEntryUs: ((full - plain) / runs / page.result.length) * 1000,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureParse())
