import { sameOrigin } from '../../src/core/url.js'

describe('sameOrigin', () => {
  it('compares absolute URLs by scheme, host and port', () => {
    expect(sameOrigin('https://api.example.com/a', 'https://api.example.com/rpc?x=1')).toBe(true)
    expect(sameOrigin('https://api.example.com', 'http://api.example.com')).toBe(false)
    expect(sameOrigin('https://api.example.com', 'https://api.example.com:8443')).toBe(false)
    expect(sameOrigin('https://api.example.com', 'https://rpc.example.com')).toBe(false)
  })
  it('matches two relative URLs (same page) and never a relative with an absolute one outside a browser', () => {
    expect(sameOrigin('/api/blockfeed', '/api/blockfeed/rpc')).toBe(true)
    expect(sameOrigin('/api/blockfeed', 'https://rpc.example.com')).toBe(false)
  })
  it('is false for text that is not a URL', () => {
    expect(sameOrigin('http://[bad', 'http://[bad')).toBe(false)
  })
})
