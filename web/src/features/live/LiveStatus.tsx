/**
 * The live stream's state in the top bar: "Live" while queues and counts follow colleagues' work, "Reconnecting…"
 * while the stream is away (the screen may then be out of date until it is back). Nothing before the first connection
 * of a page load: the place is kept, so the bar does not move when the dot appears.
 */
import { useEffect, useState } from 'react';
import { useLive } from './LiveProvider';
import './live.css';

type LiveStatusState = 'connecting' | 'connected' | 'reconnecting';

const TITLES: Record<LiveStatusState, string> = {
  connecting: 'Connecting to live updates',
  connected: 'Live: queues and counts update as colleagues work',
  reconnecting: 'Live updates paused: this screen may be out of date until they are back',
};

export function LiveStatus() {
  const live = useLive();
  const connected = live?.connected ?? false;
  const [wasConnected, setWasConnected] = useState(false);
  useEffect(() => {
    if (connected) setWasConnected(true);
  }, [connected]);
  if (!live) return null;
  const state: LiveStatusState = connected ? 'connected' : wasConnected ? 'reconnecting' : 'connecting';
  return (
    <span className={`live-status live-status-${state}`} data-live-status={state} title={TITLES[state]}>
      <span className="live-status-dot" aria-hidden="true" />
      <span className="live-status-text" role="status">
        {state === 'connected' ? 'Live' : state === 'reconnecting' ? 'Reconnecting…' : ''}
      </span>
    </span>
  );
}
