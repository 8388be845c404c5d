// A console.error during a test fails it, so warnings are not silently ignored.
import { afterEach, vi } from 'vitest';

const original = console.error;
let messages: string[] = [];
console.error = (...args: unknown[]) => {
  messages.push(args.map(String).join(' '));
  original(...args);
};
afterEach(() => {
  const seen = messages;
  messages = [];
  if (seen.length) throw new Error(`console.error was called during the test:\n${seen.join('\n')}`);
});
vi.stubGlobal('__consoleErrorGuard', true);
