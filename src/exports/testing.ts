// blockfeed/testing: the built-in data as a fetch for createClient (no key, no chain, no network).
export { createTestingFetch, testingWallets } from '../testing/fetch.js'
export type { TestingFetch, TestingWallets } from '../testing/fetch.js'
export { TESTING_BASE_URL, TESTING_RPC_URL } from '../testing/router.js'
export type { TestingCalls, TestingFailOptions, TestingFailure, TestingOptions } from '../testing/router.js'
