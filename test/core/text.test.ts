import { clip } from '../../src/core/text.js'

describe('clip', () => {
  it('keeps short printable text as it is', () => {
    expect(clip('eth')).toBe('eth')
  })
  it('cuts long text with an ellipsis', () => {
    expect(clip('a'.repeat(100))).toBe(`${'a'.repeat(40)}…`)
    expect(clip('abcdef', 3)).toBe('abc…')
  })
  it('turns line breaks, escapes and bidi overrides into ?, one per character', () => {
    expect(clip('a\r\nb\u001b[31m\u202Ec')).toBe('a??b?[31m?c')
    expect(clip('😀😀', 1)).toBe('?…')
  })
})
