/** The "?" list of keyboard shortcuts, for the queues and the order detail. */
import { Modal } from 'react-bootstrap';
import { LazyModal } from './LazyModal';

export interface KeyHelp {
  keys: string[];
  what: string;
}

export function KeyboardHelp({
  show,
  title,
  keys,
  onHide,
}: {
  show: boolean;
  title: string;
  keys: KeyHelp[];
  onHide(): void;
}) {
  return (
    <LazyModal show={show} onHide={onHide} centered aria-labelledby="keyboard-help-title">
      <Modal.Header closeButton>
        <Modal.Title id="keyboard-help-title" as="h2" className="fs-5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <table className="table table-sm mb-0">
          <tbody>
            {keys.map((k) => (
              <tr key={k.what}>
                <td className="text-nowrap">
                  {k.keys.map((key, i) => (
                    <span key={key}>
                      {i ? ' or ' : ''}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{k.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small text-muted mt-2 mb-0">Keys do nothing while you type in a field or hold Ctrl, Alt or ⌘.</p>
      </Modal.Body>
    </LazyModal>
  );
}
