/** Types of scripts/check-comments.mjs, for tests/lint/check-comments.test.ts. */
export const PRODUCTION_ROOTS: string[];
export const HISTORY_PATTERNS: { pattern: RegExp; fix: string }[];
export function historyInComments(file: string, text: string): string[];
export function checkComments(root: string): { problems: string[]; files: number };
