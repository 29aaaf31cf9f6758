// blockfeed/server: the key proxy (Fetch-API handler + a node:http adapter).
export { createProxyHandler } from '../server/createProxyHandler.js'
export type { ProxyErrorBody, ProxyHandler, ProxyHandlerOptions } from '../server/createProxyHandler.js'
export { toNodeHandler } from '../server/toNodeHandler.js'
export type { NodeHandlerOptions } from '../server/toNodeHandler.js'
export { createRateLimiter, defaultClientKey } from '../server/rateLimit.js'
export type { RateLimiter, RateLimitOptions } from '../server/rateLimit.js'
