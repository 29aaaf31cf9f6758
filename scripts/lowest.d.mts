// Types for scripts/lowest.mjs (imported by vitest.config.ts and test/package/lowest.test.ts).
type Peer = 'viem' | '@tanstack/query-core' | '@tanstack/react-query' | 'react' | 'react-dom' | 'wagmi'
export declare const lowest: Readonly<Record<Peer, string>>
export declare const lowestSets: Readonly<Record<'main' | 'wagmi-3', Readonly<Record<Peer, string>>>>
export declare const lowestDir: string
export declare function lowestSetDir(set: keyof typeof lowestSets, dir?: string): string
export declare function lowestInstalled(dir?: string): boolean
export declare function installLowest(dir?: string): boolean
