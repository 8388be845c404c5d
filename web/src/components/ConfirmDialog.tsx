import { Button, Modal } from 'react-bootstrap';
import { LazyModal } from './LazyModal';

interface ConfirmDialogProps {
  show: boolean;
  message: string;
  confirmLabel?: string;
  confirmVariant?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question before an action that changes data (product: messages.md#confirm-texts confirm texts). */
export function ConfirmDialog({
  show,
  message,
  confirmLabel = 'Yes',
  confirmVariant = 'danger',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <LazyModal show={show} onHide={onCancel} centered>
      <Modal.Body className="pt-4 fs-6">{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </LazyModal>
  );
}
