import type { RowKind } from './rowFacts.js'

/** The glyph a row leads with when it shows no token logo: what kind of transaction it is, at a glance. */
export type GlyphKind = RowKind | 'pending'

// 20×20 strokes, drawn in currentColor: an arrow out, an arrow in, two arrows, a check, a plus…
const OUT = 'M6.5 13.5l7-7M8 6.5h5.5V12'
const IN = 'M13.5 6.5l-7 7M12 13.5H6.5V8'
const PATHS: Record<GlyphKind, string> = {
  send: OUT, deposit: OUT, sell: OUT,
  receive: IN, airdrop: IN, withdraw: IN, borrow: IN, buy: IN,
  self: 'M5 8.5h9l-2.5-2.5M15 11.5H6l2.5 2.5',
  swap: 'M5 7.5h10l-3-3M15 12.5H5l3 3',
  approve: 'M5 10.5l3.5 3.5L15 6.5',
  revoke: 'M5.5 10h9',
  burn: 'M5.5 10h9',
  mint: 'M10 5v10M5 10h10',
  deploy: 'M10 5v10M5 10h10',
  call: 'M7.5 6L4 10l3.5 4M12.5 6L16 10l-3.5 4',
  failed: 'M6.5 6.5l7 7M13.5 6.5l-7 7',
  other: 'M9.2 10h1.6',
  pending: 'M10 6v4l2.5 2',
}

// The colour a kind is drawn in: value in, value out (the default), the accent for what moved no value, failure.
const TONES: Partial<Record<GlyphKind, 'in' | 'accent' | 'failed'>> = {
  receive: 'in', airdrop: 'in', withdraw: 'in', borrow: 'in', buy: 'in', mint: 'in',
  swap: 'accent', approve: 'accent', call: 'accent', deploy: 'accent', pending: 'accent',
  failed: 'failed',
}

/** Decorative: the row's title says the same in words. */
export function RowGlyph({ kind, className }: { kind: GlyphKind; className?: string | undefined }) {
  return (
    <span className={className ? `bf-glyph ${className}` : 'bf-glyph'} data-kind={kind} data-tone={TONES[kind]} aria-hidden="true">
      <svg viewBox="0 0 20 20" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        {kind === 'pending' && <circle cx="10" cy="10" r="6.5" />}
        <path d={PATHS[kind] ?? PATHS.other} />
      </svg>
    </span>
  )
}
