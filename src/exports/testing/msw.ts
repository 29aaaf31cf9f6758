// blockfeed/testing/msw: the built-in data as Mock Service Worker handlers (msw is an optional peer).
export { testingHandlers } from '../../testing/msw.js'
export type { TestingHandlers } from '../../testing/msw.js'
