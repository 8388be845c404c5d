/**
 * One event stream per browser, shared by its tabs (docs/decisions/0015). Over HTTP/1.1 a browser opens at
 * most six connections to a host: six tabs holding a stream each would leave none for the API calls of any tab. The
 * tab holding the Web Lock `live-stream` reads the stream and passes every message to the other tabs on a
 * BroadcastChannel; when it closes, the lock goes to another tab, which reconnects from the last event id it heard
 * (the server replays the gap). A tab that opens later asks the reader for the current picture (hello and
 * presence). Without Web Locks or BroadcastChannel, each tab reads its own stream.
 */
import type { HelloEvent, PresenceEvent, Viewer } from '../../../../shared/live';
import { connectLiveStream, type LiveMessage, type StreamHandlers } from './live-stream';

type ChannelMessage =
  { kind: 'message'; message: LiveMessage } | { kind: 'connected'; connected: boolean } | { kind: 'sync-request' };

const LOCK = 'live-stream';

export function connectSharedLiveStream(handlers: StreamHandlers): () => void {
  if (typeof BroadcastChannel === 'undefined' || !navigator.locks) return connectLiveStream(handlers);
  const channel = new BroadcastChannel(LOCK);
  const stopLock = new AbortController();
  let stopped = false;
  let reading = false;
  let stopStream: (() => void) | null = null;
  let releaseLock: (() => void) | null = null;
  let lastEventId: number | null = null;
  // What a tab that opens later needs: the last hello and everyone's presence now.
  let hello: LiveMessage | null = null;
  let connected = false;
  const presence = new Map<number, Viewer[]>();
  // A message already on its way (a stream chunk being parsed, a lock callback) may arrive after this tab stopped:
  // posting on the closed channel would throw.
  const post = (message: ChannelMessage) => {
    if (!stopped) channel.postMessage(message);
  };

  const track = (message: LiveMessage) => {
    if (message.id !== null) lastEventId = Math.max(lastEventId ?? 0, message.id);
    if (message.event === 'hello') hello = message;
    if (message.event === 'presence') {
      const event = message.data as PresenceEvent & { complete?: boolean };
      if (event.complete) presence.clear();
      for (const { orderId, viewers } of event.orders) {
        if (viewers.length) presence.set(orderId, viewers);
        else presence.delete(orderId);
      }
    }
  };

  channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
    const data = event.data;
    if (data.kind === 'message') {
      track(data.message);
      handlers.onMessage(data.message);
    } else if (data.kind === 'connected') {
      handlers.onConnected(data.connected);
    } else if (data.kind === 'sync-request' && reading) {
      // The stream as it stands now for the tab that joins: it has heard nothing before this hello, so the hello
      // names the last event the stream gave, not the one it started at (LiveProvider reads its lists again unless
      // its answers reflect that event).
      if (hello) {
        const opened = hello.data as HelloEvent;
        const current = { ...opened, lastEventId: Math.max(opened.lastEventId, lastEventId ?? 0) };
        post({ kind: 'message', message: { ...hello, data: current } });
      }
      const orders = [...presence].map(([orderId, viewers]) => ({ orderId, viewers }));
      post({ kind: 'message', message: { event: 'presence', id: null, data: { orders, complete: true } } });
      post({ kind: 'connected', connected });
    }
  };
  post({ kind: 'sync-request' });

  navigator.locks
    .request(
      LOCK,
      { signal: stopLock.signal },
      () =>
        new Promise<void>((release) => {
          releaseLock = release;
          if (stopped) {
            release();
            return;
          }
          reading = true;
          stopStream = connectLiveStream(
            {
              onMessage: (message) => {
                track(message);
                handlers.onMessage(message);
                post({ kind: 'message', message });
              },
              onConnected: (now) => {
                connected = now;
                handlers.onConnected(now);
                post({ kind: 'connected', connected: now });
              },
            },
            lastEventId,
          );
        }),
    )
    .catch(() => undefined); // aborted: this tab stopped before it got the lock

  return () => {
    stopped = true;
    stopLock.abort();
    stopStream?.();
    releaseLock?.();
    channel.close();
  };
}
