/** Types of scripts/check-docs.mjs, for tests/lint/check-docs.test.ts. */
export const MAX_MAP_LINES: number;
export const MAPS: string[];
export const DECISIONS_DIR: string;
export const SECTIONS: string[];
export const CODE_ROOTS: string[];
export function checkDocs(root: string): { problems: string[]; summary: string };
export function lineCount(text: string): number;
export function markdownAnchors(text: string): Set<string>;
export function sectionsOf(text: string): { heading: string; body: string }[];
