import { describe, expect, it } from 'vitest'
import { ownValue } from '../../../src/components/shared/lookup.js'

describe('ownValue', () => {
  const table = { send: 'Send', receive: 'Receive' }

  it('finds own keys', () => {
    expect(ownValue(table, 'send')).toBe('Send')
  })

  it('finds nothing for Object.prototype members, missing keys, null and undefined', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'Send', '', null, undefined]) {
      expect(ownValue(table, key)).toBeUndefined()
    }
  })
})
