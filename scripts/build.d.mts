// Types of what scripts/build.mjs (plain Node, run without TypeScript) exports to the tests.
import type { BuildOptions } from 'esbuild';

export declare const SERVER_BUNDLE: BuildOptions;
export declare function sourcesHash(inputs: string[]): string;
