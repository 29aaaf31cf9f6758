// blockfeed/client: `createClient` alone (anywhere: browser, Node, edge, React Server Components). The
// same name as in blockfeed; this narrow entry reaches none of the actions, schemas or query options.
export { createClient } from '../core/client.js'
export type { BlockfeedClient, ClientConfig, RequestOptions, RpcConfig, RpcOptions } from '../core/client.js'
export type { HeadStreamConfig } from '../core/clientTypes.js'
