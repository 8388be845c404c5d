/** Types of scripts/rewrite-citations.mjs, for tests/product-docs/citations.test.ts. */
export const ROOT: string;
export const SCAN_ROOTS: string[];
export const SCAN_EXTENSIONS: string[];
export const SKIP_DIRS: Set<string>;
export const SKIP_PATHS: string[];
export const DEAD_FORM: RegExp;
export const CITATION: RegExp;
export const PATH_CITATION: RegExp;
export const SECTIONS: Record<string, string>;
export const FILE_OVERRIDES: Record<string, Record<string, string>>;
export const PHRASES: [string, string][];
export function rewriteText(text: string, file: string): { text: string; count: number; unmapped: string[] };
export function sourceFiles(root?: string): string[];
