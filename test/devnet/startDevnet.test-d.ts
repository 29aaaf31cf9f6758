import { expectTypeOf, test } from 'vitest'
import { createClient, type ClientConfig } from '../../src/exports/index.js'
import { startDevnet, type Devnet, type DevnetClientOptions, type SeededContracts } from '../../src/exports/devnet.js'

test('startDevnet resolves to a Devnet whose clientOptions createClient takes as they are', () => {
  expectTypeOf(startDevnet).returns.resolves.toEqualTypeOf<Devnet>()
  expectTypeOf<Devnet['clientOptions']>().toEqualTypeOf<DevnetClientOptions>()
  expectTypeOf<DevnetClientOptions>().toExtend<ClientConfig>()
  expectTypeOf(createClient).toBeCallableWith({} as DevnetClientOptions)
  // Always there, so a user never has to check before spreading them.
  expectTypeOf<DevnetClientOptions['rpc']>().toEqualTypeOf<{ url: string }>()
  expectTypeOf<DevnetClientOptions['chain']>().toEqualTypeOf<string>()
})

test('the name registry is one of the seeded contracts, an address viem takes', () => {
  expectTypeOf<SeededContracts['universalResolver']>().toEqualTypeOf<`0x${string}`>()
  expectTypeOf<Devnet['contracts']>().toEqualTypeOf<SeededContracts | undefined>()
})
