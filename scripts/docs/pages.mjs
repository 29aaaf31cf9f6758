// Which reference page holds each export: one page per function (action, hook, component, server
// function), a few shared pages for families (errors, chains, schemas), and each type or constant
// on the page of the function it belongs to.

/** Families that read best on one page: entry → page name → the exports on it. */
const families = {
  blockfeed: {
    Errors: ['BlockfeedError', 'HttpStatusError', 'InvalidParameterError', 'JsonRpcError', 'NetworkError', 'ResponseShapeError', 'TimeoutError', 'isAbortError', 'isBlockfeedError', 'BlockfeedErrorName', 'BlockfeedQueryError'],
    Chains: ['chainHexIds', 'chainNames', 'checkChain', 'getChainInfo', 'isChainName', 'ChainHexId', 'ChainInfo', 'ChainInput', 'ChainName'],
    Schemas: [
      'erc20TransferSchema',
      'internalTransactionSchema',
      'logEntrySchema',
      'nativeTransferSchema',
      'nftTransferSchema',
      'transactionEntrySchema',
      'walletHistoryPageSchema',
      'readWalletHistoryPage',
      'parseJsonLossless',
      'Direction',
      'Erc20Transfer',
      'InternalTransaction',
      'LogEntry',
      'NativeTransfer',
      'NftTransfer',
      'TransactionEntry',
      'WalletHistoryPage',
    ],
  },
}

export const entrySlug = (entry) => entry.replace('/', '-')
const isCallable = (e) => e.kind === 'function' || e.kind === 'class' || (e.kind === 'const' && /=>|Component|\(props/.test(e.declaration))

/** `{ title, file, entry, name, main, exports }` for every page, each export on exactly one. */
export function planPages(api) {
  const pages = new Map()
  const pageOf = new Map()
  const add = (entry, name, e, main) => {
    const key = `${entry}#${name}`
    if (!pages.has(key)) {
      const titleEntry = entry.replace(/^blockfeed\/?/, '')
      pages.set(key, {
        entry,
        name,
        main,
        title: ['Docs/Reference/blockfeed', titleEntry, name].filter(Boolean).join('/'),
        file: `docs/reference/${entrySlug(entry)}/${name.replace(/ /g, "-")}.mdx`,
        exports: [],
      })
    }
    pages.get(key).exports.push(e)
    pageOf.set(`${e.entry}#${e.name}`, pages.get(key))
  }
  for (const e of api) {
    const family = Object.entries(families[e.entry] ?? {}).find(([, names]) => names.includes(e.name))
    if (family) add(e.entry, family[0], e, null)
    else if (isCallable(e)) add(e.entry, e.name, e, e)
  }
  for (const e of api) {
    if (pageOf.has(`${e.entry}#${e.name}`)) continue
    add(e.entry, ...ownerOf(e, api, pageOf))
  }
  return { pages: [...pages.values()], pageOf }
}

/**
 * The page a type or constant joins: the function it is named after (`UseRpcReturnType` → `useRpc`),
 * else a function of its module, else the page whose declarations name it.
 */
function ownerOf(e, api, pageOf) {
  const callables = api.filter((o) => o.entry === e.entry && pageOf.get(`${o.entry}#${o.name}`)?.main === o)
  const named = callables.filter((o) => e.name.toLowerCase().startsWith(o.name.toLowerCase())).sort((a, b) => b.name.length - a.name.length)[0]
  const sameFile = callables.find((o) => o.found && e.found && o.found.file === e.found.file)
  const mention = new RegExp(`\\b${e.name}\\b`)
  const mentioned = api.find((o) => o.entry === e.entry && pageOf.get(`${o.entry}#${o.name}`)?.main && mention.test(o.declaration))
  const owner = named ?? sameFile ?? (mentioned && pageOf.get(`${mentioned.entry}#${mentioned.name}`).main)
  return owner ? [owner.name, e, owner] : ['Types and constants', e, null]
}
