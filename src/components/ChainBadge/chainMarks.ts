import type { ChainName } from '../../core/chains.js'

/** One shape of a mark: path data in a 24×24 box, its colour, and a stroke width (filled when absent). */
export type ChainMarkPart = readonly [d: string, colour: string, stroke?: number]

/** A chain's mark: the disc's colour (none when empty), then the shapes drawn on it. */
export type ChainMarkData = readonly [disc: string, ...parts: ChainMarkPart[]]

// Simple geometric drawings in each chain's colours, made for this library (no project's artwork):
// a 16–20 px disc has room for one bold shape, so each is the shape people know the chain by.
export const chainMarks: Record<ChainName, ChainMarkData> = {
  // Two-tone diamond.
  eth: ['#627eea', ['M12 3.6 6.9 12.2 12 15.2 17.1 12.2z', '#fff'], ['M12 16.3 6.9 13.3 12 20.4 17.1 13.3z', '#dfe5fb']],
  // Two linked hexagons.
  polygon: ['#7b3fe4', ['M14.4 5.8 18.2 8v4.4l-3.8 2.2-3.8-2.2V8zM9.6 9.4l3.8 2.2V16l-3.8 2.2L5.8 16v-4.4z', '#fff', 1.7]],
  // A diamond of squares: chevrons above and below, squares at the sides and centre.
  bsc: ['#f0b90b', ['M12 4.4l4.3 4.3-1.6 1.6L12 7.6l-2.7 2.7-1.6-1.6zm0 15.2-4.3-4.3 1.6-1.6 2.7 2.7 2.7-2.7 1.6 1.6zM6.2 10.3 7.9 12l-1.7 1.7L4.5 12zm11.6 0 1.7 1.7-1.7 1.7-1.7-1.7zM12 9.9l2.1 2.1-2.1 2.1L9.9 12z', '#1e2026']],
  // A triangle "A" with its small second triangle.
  avalanche: ['#e84142', ['M11.3 5.6 5.5 17.6h5.4l3.3-6.8zM15.6 12.7l-2.7 4.9h5.4z', '#fff']],
  // A cut gem.
  fantom: ['#1969ff', ['M12 4.3 17 7.4v9.2l-5 3.1-5-3.1V7.4zm0 3.6L9.7 12l2.3 4.1 2.3-4.1z', '#fff']],
  // A palm tree: fronds over a trunk.
  palm: ['#a22ad8', ['M12 10.2c-1.9-3.2-5.1-3.6-7-1.4 2.3-.6 4.6-.2 7 1.4zm0 0c1.9-3.2 5.1-3.6 7-1.4-2.3-.6-4.6-.2-7 1.4zm0 0c-.4-2.8 1-4.6 3.2-5.2-1.6 1.5-2.6 3.1-3.2 5.2zm0 0c.4-2.8-1-4.6-3.2-5.2 1.6 1.5 2.6 3.1 3.2 5.2zM11 10.6h2l1 8.8h-4z', '#fff']],
  // A hexagon around a smaller one.
  cronos: ['#002d74', ['M12 5.2 17.9 8.6v6.8L12 18.8 6.1 15.4V8.6z', '#fff', 1.6], ['M12 9 14.6 10.5v3L12 15l-2.6-1.5v-3z', '#fff']],
  // A hexagon with a blue "A".
  arbitrum: ['#213147', ['M12 4.6 18.4 8.3v7.4L12 19.4l-6.4-3.7V8.3z', '#fff', 1.4], ['M9 16 12 8.6 15 16', '#28a0f0', 2]],
  // An owl's face: two eyes and a beak.
  gnosis: ['#3e6957', ['M6.2 10.6a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0m6.4 0a2.6 2.6 0 1 0 5.2 0 2.6 2.6 0 1 0-5.2 0', '#fff', 1.6], ['M8 10.6a.9.9 0 1 0 1.8 0 .9.9 0 1 0-1.8 0m6.4 0a.9.9 0 1 0 1.8 0 .9.9 0 1 0-1.8 0M10.7 15h2.6L12 17.6z', '#fff']],
  // A bold "C".
  chiliz: ['#cd0124', ['M16.2 8.4a5.4 5.4 0 1 0 0 7.2', '#fff', 2.6]],
  // A disc with a notch cut in from the left (no disc below: the page shows through the notch).
  base: ['', ['M.06 10.8h12.6v2.4H.06A12 12 0 1 0 .06 10.8z', '#0052ff']],
  // "OP".
  optimism: ['#ff0420', ['M5.6 12a2.7 3.3 0 1 0 5.4 0 2.7 3.3 0 1 0-5.4 0', '#fff', 1.9], ['M14 15.6V8.4h2.5a1.9 1.9 0 0 1 0 3.8H14', '#fff', 1.9]],
  // An "L" with a dot.
  linea: ['#121212', ['M8.6 6.6v10.2h7', '#fff', 2.2], ['M13.9 8a1.6 1.6 0 1 0 3.2 0 1.6 1.6 0 1 0-3.2 0', '#fff']],
}
