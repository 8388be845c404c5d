/**
 * Small pieces the Email History, the Upload Document form and the Mail outbox share: provider name, status badge,
 * download links, one send button per provider.
 */
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { type MailHistoryEntry } from '../../../../shared/schemas/mail';
import { MAIL_PROVIDERS, type MailProvider } from '../../../../shared/schemas/mail-texts';
import { attachmentPath, documentPath, downloadFile } from './api/download-file';

export function providerLabel(mail: Pick<MailHistoryEntry, 'mail_service_provider' | 'delivered_via'>): string {
  const chosen = mail.mail_service_provider === 'ses' ? 'SES' : 'SMTP';
  if (!mail.delivered_via || mail.delivered_via === mail.mail_service_provider) return chosen;
  return mail.delivered_via === 'outbox'
    ? `${chosen} (local outbox)`
    : `${chosen} (sent via ${mail.delivered_via.toUpperCase()})`;
}

const STATUS_STYLE: Record<MailHistoryEntry['status'], string> = {
  queued: 'text-bg-secondary',
  sending: 'text-bg-info',
  sent: 'text-bg-success',
  failed: 'text-bg-danger',
};
const STATUS_TEXT: Record<MailHistoryEntry['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export function MailStatus({ mail }: { mail: MailHistoryEntry }) {
  return (
    <span
      className={`badge ${STATUS_STYLE[mail.status]}`}
      title={mail.last_error ?? undefined}
      data-testid="mail-status"
    >
      {STATUS_TEXT[mail.status]}
      {mail.status === 'queued' && mail.attempts > 0 ? ` (retry ${mail.attempts})` : ''}
    </span>
  );
}

/** A button that fetches a protected file with the staff token and saves it. */
export function DownloadButton({ path, filename, children }: { path: string; filename: string; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(path, filename);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 text-start text-break"
      onClick={() => void onClick()}
      disabled={busy}
    >
      {children}
    </button>
  );
}

/** The files a mail carried: its document and any other attachment (the invoice PDF). */
export function MailFiles({ mail }: { mail: MailHistoryEntry }) {
  const { id: docId, file1 } = mail.uploadDoc;
  if ((docId === null || file1 === null) && mail.attachments.length === 0) return <span className="text-muted">-</span>;
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1">
      {docId !== null && file1 !== null ? (
        <DownloadButton path={documentPath(docId)} filename={file1}>
          {file1}
        </DownloadButton>
      ) : null}
      {mail.attachments.map((a) => (
        <DownloadButton key={a.index} path={attachmentPath(mail.id, a.index)} filename={a.filename}>
          {a.filename}
        </DownloadButton>
      ))}
    </span>
  );
}

/** One button per mail provider (SES, SMTP), each sending the same thing through its own provider. */
export function MailProviderButtons({
  label,
  onSend,
  disabled,
}: {
  label(provider: MailProvider): string;
  onSend(provider: MailProvider): void;
  disabled: boolean;
}) {
  return (
    <>
      {MAIL_PROVIDERS.map((provider) => (
        <button
          key={provider}
          type="button"
          className="btn btn-primary"
          onClick={() => onSend(provider)}
          disabled={disabled}
        >
          {label(provider)}
        </button>
      ))}
    </>
  );
}
