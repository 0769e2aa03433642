// Types of build-node.mjs for the TypeScript that imports it (benches, tests).
export const NODE_DIR: string;
export const PROGRAMS: Record<string, string>;
export function isFresh(): boolean;
export function buildNode(opts?: { force?: boolean; quiet?: boolean }): Promise<void>;
export function runProgram(name: string, args: string[]): Promise<void>;
