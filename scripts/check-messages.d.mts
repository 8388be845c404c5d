/** Types of check-messages.mjs for the TypeScript that imports it (its test). */
export function localesOf(root: string): string[];
export function structureOf(elements: unknown[], into?: Set<string>): Set<string>;
export function checkMessages(root: string): { problems: string[]; catalogs: number; messages: number };
