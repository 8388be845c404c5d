/**
 * Export as CSV or XLSX (docs/decisions/0024, 0051): a menu of the two formats; while the browser saves the file, a
 * progress bar of the rows written of the total and Cancel; a refusal (the limit, a role rule) shown under it.
 * Used by every queue (features/queues/QueueExport.tsx) and the summary reports.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Dropdown, ProgressBar } from 'react-bootstrap';
import { groupedCount } from '../../../../shared/grouped-count';
import type { ExportFormat, ExportKind } from '../../../../shared/schemas/order-export-texts';
import { errorMessage } from '../../lib/api';
import { LazyDropdown } from '../LazyDropdown';
import { streamExport, type ExportProgress } from './stream-export';

interface ExportMenuProps {
  /** Which export: a queue's orders or a summary report. */
  kind: ExportKind;
  /** The body without the format. */
  body: Record<string, unknown>;
  disabled?: boolean;
  /** Names the menu for screen readers (e.g. "Export New Orders"). */
  label: string;
}

const FORMATS: { format: ExportFormat; text: string }[] = [
  { format: 'csv', text: 'CSV' },
  { format: 'xlsx', text: 'Excel (XLSX)' },
];

export function ExportMenu({ kind, body, disabled, label }: ExportMenuProps) {
  const [progress, setProgress] = useState<(ExportProgress & { format: ExportFormat }) | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setMessage(null);
    setProgress({ format, received: 0, total: null });
    try {
      const rows = await streamExport(
        kind,
        { ...body, format },
        {
          signal: controller.signal,
          onProgress: (p) => setProgress({ format, ...p }),
        },
      );
      setMessage({ kind: 'done', text: `Exported ${groupedCount(rows)} ${rows === 1 ? 'row' : 'rows'}.` });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      if (abort.current === controller) abort.current = null;
      setProgress(null);
    }
  };

  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : 0;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 export-menu">
      <LazyDropdown label="Export" ariaLabel={label} variant="outline-secondary" disabled={disabled || !!progress}>
        {FORMATS.map(({ format, text }) => (
          <Dropdown.Item as="button" key={format} onClick={() => void start(format)}>
            {text}
          </Dropdown.Item>
        ))}
      </LazyDropdown>
      {progress ? (
        <div className="d-flex align-items-center gap-2 small" role="status" aria-live="polite">
          {/* The bar as a child: its name goes on the element whose role is progressbar, not on the track around it. */}
          <ProgressBar style={{ width: 120 }}>
            <ProgressBar now={percent} animated={progress.total === null} aria-label="Export progress" />
          </ProgressBar>
          <span className="text-nowrap" data-testid="export-progress">
            {progress.total === null
              ? 'Preparing…'
              : `${groupedCount(progress.received)} of ${groupedCount(progress.total)} rows`}
          </span>
          <Button size="sm" variant="link" className="p-0" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      ) : null}
      {message ? (
        <span
          className={`small ${message.kind === 'error' ? 'text-danger' : 'text-muted'}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="export-message"
        >
          {message.text}
        </span>
      ) : null}
    </div>
  );
}
