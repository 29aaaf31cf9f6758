// rate-limiter-flexible's root module also loads its cluster limiter (Node's `cluster`), which
// edge runtimes lack: the proxy imports the two limiters it uses by path, typed from the root.
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible'
  export default RateLimiterMemory
}
declare module 'rate-limiter-flexible/lib/RateLimiterRedis.js' {
  import { RateLimiterRedis } from 'rate-limiter-flexible'
  export default RateLimiterRedis
}
