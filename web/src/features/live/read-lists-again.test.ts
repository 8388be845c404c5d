import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { readListsAgain } from './read-lists-again';

/** A queue's first page whose answers the test gives by hand: each read waits for the next `answer`. */
function heldQueue() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const answers: ((rows: string[]) => void)[] = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: queryKeys.orders.list('newOrder', { page: 1 }),
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => undefined); // the screen is open: the query is active
  return { queryClient, observer, answers, unsubscribe };
}

describe('readListsAgain', () => {
  it('asks again for a first read still on its way, and keeps the later answer, not the old one', async () => {
    const { queryClient, observer, answers, unsubscribe } = heldQueue();
    expect(answers).toHaveLength(1); // the first read is on its way, with no data yet

    void readListsAgain(queryClient);
    answers[0]!(['order 100051 (before a colleague assigned it)']);
    await expect.poll(() => answers.length).toBe(2);
    answers[1]!([]);
    await expect.poll(() => observer.getCurrentResult().data).toEqual([]);
    unsubscribe();
  });

  it('asks again for a list that has its answer', async () => {
    const { queryClient, observer, answers, unsubscribe } = heldQueue();
    answers[0]!(['order 100051']);
    await expect.poll(() => observer.getCurrentResult().data).toEqual(['order 100051']);

    void readListsAgain(queryClient);
    await expect.poll(() => answers.length).toBe(2);
    answers[1]!([]);
    await expect.poll(() => observer.getCurrentResult().data).toEqual([]);
    unsubscribe();
  });
});
