/**
 * The public site as its own small app: a customer's phone downloads React, these pages and nothing of
 * the staff side (no router library, no query cache, no form or schema library, no toasts). main.tsx starts it
 * for every address that is not a staff screen (web/src/app/staff-paths.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OrderDownloadPage } from './OrderDownloadPage';
import { PublicNotFound } from './PublicNotFound';
import { TrackOrderPage } from './TrackOrderPage';
import { useLocation } from './public-router';

const TRACK = /^\/track-order(?:\/([^/]+))?\/?$/;
const DOWNLOAD = /^\/get-new-order-details\/([^/]+)\/?$/;

function PublicApp() {
  const { path } = useLocation();
  const track = TRACK.exec(path);
  if (track) return <TrackOrderPage key={path} encodedOrderId={track[1]} />;
  const download = DOWNLOAD.exec(path);
  if (download) return <OrderDownloadPage key={path} encodedOrderId={download[1]!} />;
  return <PublicNotFound />;
}

export function startPublicApp(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  );
}
