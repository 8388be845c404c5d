/**
 * Downloads an export (docs/decisions/0024): a POST with the staff token as a bearer header (never a
 * token in an address), read as a stream so the progress bar can say how many rows came of the total the server
 * announced (X-Total-Rows), then handed to the browser as a file.
 */
import { EXPORT_TOTAL_HEADER, type ExportFormat } from '../../../../shared/schemas/order-export-texts';
import { api, ApiError } from '../../lib/api';
import { csvRowCounter, xlsxRowCounter } from './row-counters';

export interface ExportProgress {
  received: number;
  total: number | null;
}

export const CUT_OFF_MESSAGE = 'The export was cut off before it finished. Please try again.';

function filenameFrom(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

function save(parts: BlobPart[], type: string, filename: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Runs the export; answers the rows received. Throws ApiError with the server's message (403, 422, 400...). */
export async function streamExport(
  path: string,
  body: Record<string, unknown> & { format: ExportFormat },
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<number> {
  const response = await api.raw('POST', path, { body, ...(options.signal ? { signal: options.signal } : {}) });
  const header = response.headers.get(EXPORT_TOTAL_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const counter = body.format === 'xlsx' ? await xlsxRowCounter() : csvRowCounter();
  const parts: Uint8Array[] = [];
  options.onProgress?.({ received: 0, total });
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      counter.push(value);
      options.onProgress?.({ received: counter.rows, total });
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, CUT_OFF_MESSAGE);
  }
  counter.finish();
  options.onProgress?.({ received: counter.rows, total });
  save(
    parts as BlobPart[],
    response.headers.get('content-type') ?? 'application/octet-stream',
    filenameFrom(response.headers.get('content-disposition'), `export.${body.format}`),
  );
  return counter.rows;
}
