// Types for scripts/lowest.mjs (imported by vitest.config.ts).
export declare const lowest: Readonly<Record<'viem' | '@tanstack/query-core' | '@tanstack/react-query' | 'react' | 'react-dom', string>>
export declare const lowestDir: string
export declare function lowestInstalled(dir?: string): boolean
export declare function installLowest(dir?: string): boolean
