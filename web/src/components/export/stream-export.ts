/**
 * Runs an export the browser saves itself (docs/decisions/0051): a staff request opens a run (its id and a one-time
 * ticket), a form posts the ticket and the export's body to the download address in a hidden frame, and the browser
 * saves the answer as it comes (`Content-Disposition: attachment`), never holding the file in the page. The page
 * reads the run's state for the rows written so far, the end or the refusal's words; Cancel asks the server to stop.
 * The bearer token never leaves the API client: not in the form, never in an address.
 */
import {
  EXPORT_DOWNLOAD_PATH,
  type ExportFormat,
  type ExportKind,
} from '../../../../shared/schemas/order-export-texts';
import type { ExportRun, ExportRunStatus } from '../../../../shared/schemas/order-export';
import { api, apiUrl, ApiError } from '../../lib/api';

export interface ExportProgress {
  received: number;
  total: number | null;
}

export const CUT_OFF_MESSAGE = 'The export was cut off before it finished. Please try again.';
export const NOT_STARTED_MESSAGE = 'The download did not start. Please try again.';
/** How often the page reads the run's state. */
export const POLL_MS = 500;
/** How long a run may wait for its download to start. */
const START_WAIT_MS = 30_000;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Cancelled', 'AbortError'));
    });
  });

/** Posts the download form into a hidden frame; answers a function that removes both. */
function postDownload(run: ExportRun, kind: ExportKind, body: Record<string, unknown>): () => void {
  const frame = document.createElement('iframe');
  frame.name = `export-${run.id}`;
  frame.hidden = true;
  document.body.append(frame);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = apiUrl(EXPORT_DOWNLOAD_PATH);
  form.target = frame.name;
  form.hidden = true;
  for (const [name, value] of Object.entries({ ticket: run.ticket, kind, request: JSON.stringify(body) })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
  return () => frame.remove();
}

/**
 * Runs the export; answers the rows written. Throws ApiError with the server's words (403, 422...), or an AbortError
 * once `signal` aborts (the run is then cancelled on the server).
 */
export async function streamExport(
  kind: ExportKind,
  body: Record<string, unknown> & { format: ExportFormat },
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<number> {
  const { signal, onProgress } = options;
  const run = (await api.post<ExportRun>('admin/export-runs', undefined, signal ? { signal } : {})).data;
  const cancel = () => void api.post(`admin/export-runs/${run.id}/cancel`).catch(() => undefined);
  signal?.addEventListener('abort', cancel);
  const removeFrame = postDownload(run, kind, body);
  const started = Date.now();
  try {
    for (;;) {
      await wait(POLL_MS, signal);
      const status = (await api.get<ExportRunStatus>(`admin/export-runs/${run.id}`, signal ? { signal } : {})).data;
      onProgress?.({ received: status.rows, total: status.total });
      if (status.state === 'done') return status.rows;
      if (status.state === 'refused') throw new ApiError(422, status.message ?? CUT_OFF_MESSAGE);
      if (status.state === 'failed' || status.state === 'cancelled') throw new ApiError(0, CUT_OFF_MESSAGE);
      if (status.state === 'waiting' && Date.now() - started > START_WAIT_MS) {
        cancel();
        throw new ApiError(0, NOT_STARTED_MESSAGE);
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    // The frame stays while the browser may still be saving: it goes a minute after the run ended.
    setTimeout(removeFrame, 60_000);
  }
}
