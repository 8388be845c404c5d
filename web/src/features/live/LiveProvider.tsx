/**
 * The signed-in admin frame's event stream (one per browser, shared by its tabs: shared-stream.ts): keeps the folder counts fresh (`counts` refetches them,
 * `resync` reloads every list), holds who is viewing which order, and hands `order` / `activity` events to the
 * screens that subscribe (live queue rows, the order detail's notice).
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HelloEvent, PresenceEvent, Viewer } from '../../../../shared/live';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../../../shared/sign-in';
import { api, goToTwoFactorSetup } from '../../lib/api';
import { streamStarted, streamStopped } from '../../lib/live-events-through';
import { queryKeys } from '../../lib/query-keys';
import type { LiveMessage } from './live-stream';
import { arrivalUrgencyQuery } from '../../lib/arrival-urgency';
import { folderCountsQuery } from '../../lib/folder-counts';
import { readAfresh, readAgainUnlessReflected, readListsAgain } from './read-lists-again';
import { connectSharedLiveStream } from './shared-stream';

type Listener = (message: LiveMessage) => void;
/** Until the stream's hello says otherwise: the server forgets a tab after 30 s without one. */
const DEFAULT_PRESENCE_HEARTBEAT_MS = 10_000;
const NO_VIEWERS: Viewer[] = [];

/** Who has which order open, as the stream last said. */
class PresenceStore {
  #viewers = new Map<number, Viewer[]>();
  #watchers = new Set<() => void>();

  apply(event: PresenceEvent & { complete?: boolean }) {
    if (event.complete) this.#viewers = new Map();
    else this.#viewers = new Map(this.#viewers);
    for (const { orderId, viewers } of event.orders) {
      if (viewers.length) this.#viewers.set(orderId, viewers);
      else this.#viewers.delete(orderId);
    }
    for (const watch of this.#watchers) watch();
  }

  viewersOf = (orderId: number): Viewer[] => this.#viewers.get(orderId) ?? NO_VIEWERS;
  snapshot = () => this.#viewers;
  subscribe = (watch: () => void) => {
    this.#watchers.add(watch);
    return () => {
      this.#watchers.delete(watch);
    };
  };
}

interface LiveState {
  subscribe(listener: Listener): () => void;
  presence: PresenceStore;
  /** A random id for this tab (presence is per tab). */
  clientId: string;
  connected: boolean;
  /** How often a tab renews its presence: a third of the server's LIVE_PRESENCE_TTL_MS (from `hello`). */
  presenceHeartbeatMs: number;
}

const LiveContext = createContext<LiveState | null>(null);

const newClientId = () =>
  (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/[^\w-]/g, '');

export function LiveProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [presence] = useState(() => new PresenceStore());
  const [clientId] = useState(newClientId);
  const [connected, setConnected] = useState(false);
  const [presenceHeartbeatMs, setPresenceHeartbeatMs] = useState(DEFAULT_PRESENCE_HEARTBEAT_MS);

  useEffect(() => {
    if (!enabled) return undefined;
    let caughtUp = false;
    // The newest event id heard: a `counts` message follows the events that changed them.
    let lastEventId = 0;
    // What an answer older than the stream's start may hold out of date, also one still on its way (read-lists-again.ts).
    const readAgain = () => void readListsAgain(queryClient);
    const disconnect = connectSharedLiveStream({
      onConnected: setConnected,
      onMessage: (message) => {
        // The stream starts at its first hello: what changed before was never sent, and later reconnects replay what
        // they missed. Answers older than that start are read again (lib/live-events-through.ts): now, when one
        // came before the hello; as it lands, when one comes later.
        if (message.event === 'hello' && !caughtUp) {
          caughtUp = true;
          if (!streamStarted((message.data as HelloEvent).lastEventId, readAgain)) readAgain();
        }
        if (message.id !== null) lastEventId = Math.max(lastEventId, message.id);
        // The counts and urgency figures, unless their answers already reflect the changes (a member's own move
        // refreshed them as it succeeded).
        if (message.event === 'counts') {
          void readAgainUnlessReflected(queryClient, folderCountsQuery().queryKey, lastEventId);
          void readAgainUnlessReflected(queryClient, arrivalUrgencyQuery().queryKey, lastEventId);
        }
        if (message.event === 'resync')
          void readAfresh(queryClient, queryKeys.orders.all()).then(() =>
            readAfresh(queryClient, queryKeys.folderCounts()),
          );
        if (message.event === 'presence') presence.apply(message.data as PresenceEvent);
        if (message.event === 'hello')
          setPresenceHeartbeatMs(Math.max(1000, Math.floor((message.data as HelloEvent).presenceTtlMs / 3)));
        // The session ended (heard from the tab that reads the stream): a call answers 401 and signs this tab out.
        // Or it must set up two-factor sign-in first (an Admin requires it): this tab goes there.
        if (message.event === 'end') {
          if ((message.data as { message?: string } | null)?.message === TWO_FACTOR_SETUP_REQUIRED)
            goToTwoFactorSetup();
          else void api.get('user_info').catch(() => undefined);
        }
        for (const listener of listeners.current) listener(message);
      },
    });
    return () => {
      streamStopped();
      disconnect();
    };
  }, [enabled, queryClient, presence]);

  const value = useMemo<LiveState>(
    () => ({
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => {
          listeners.current.delete(listener);
        };
      },
      presence,
      clientId,
      connected,
      presenceHeartbeatMs,
    }),
    [presence, clientId, connected, presenceHeartbeatMs],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The live state, or null outside the admin frame (screens then work as before, without live updates). */
export const useLive = () => useContext(LiveContext);

/** Calls `listener` for every stream event while mounted (the latest `listener` each time). */
export function useLiveEvents(listener: Listener) {
  const live = useLive();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => live?.subscribe((message) => latest.current(message)), [live]);
}

const EMPTY_STORE = { subscribe: () => () => undefined, snapshot: () => new Map<number, Viewer[]>() };
const EMPTY_MAP = new Map<number, Viewer[]>();

/** Viewers per order, re-rendering when presence changes. */
export function usePresenceMap(): ReadonlyMap<number, Viewer[]> {
  const live = useLive();
  const store = live?.presence ?? EMPTY_STORE;
  return useSyncExternalStore(store.subscribe, live ? store.snapshot : () => EMPTY_MAP);
}
