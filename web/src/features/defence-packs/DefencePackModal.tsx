/**
 * Defence Pack 1 / 2 (product: orders.md#defence-packs bottom buttons, "Defence Pack document"): the pack as a page, with Print
 * (the print stylesheet prints only the pack) and Open PDF (the server's PDF in a new window).
 */
import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { LazyModal } from '../../components/LazyModal';
import { toast } from 'react-toastify';
import { DEFENCE_PACK_TITLES, type DefencePackType } from '../../../../shared/schemas/defence-pack-texts';
import { useDefencePack } from './api/get-defence-pack';
import { openDefencePackPdf } from './api/open-defence-pack-pdf';
import { DefencePackSheet } from './DefencePackSheet';
import './defence-pack.css';

export function DefencePackModal({
  orderId,
  type,
  show,
  onClose,
}: {
  orderId: number;
  type: DefencePackType;
  show: boolean;
  onClose(): void;
}) {
  return (
    <LazyModal
      show={show}
      onHide={onClose}
      size="xl"
      scrollable
      className="dp-modal"
      aria-labelledby={`dp-title-${type}`}
    >
      <DefencePackContent orderId={orderId} type={type} onClose={onClose} />
    </LazyModal>
  );
}

/**
 * The open pack: drawn only while its modal is (LazyModal), so a closed pack asks for nothing and holds no query
 * observer on the order page: a closed pack is no part of an order's first draw (docs/decisions/0035).
 */
function DefencePackContent({ orderId, type, onClose }: { orderId: number; type: DefencePackType; onClose(): void }) {
  const pack = useDefencePack(orderId, type);
  const [opening, setOpening] = useState(false);
  const openPdf = async () => {
    setOpening(true);
    try {
      await openDefencePackPdf(orderId, type);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setOpening(false);
    }
  };
  return (
    <>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={`dp-title-${type}`}>
          {DEFENCE_PACK_TITLES[type]}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {pack.isPending ? (
          <div className="text-muted" role="status">
            Preparing the pack…
          </div>
        ) : null}
        {pack.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {pack.error.message}
          </div>
        ) : null}
        {pack.data ? <DefencePackSheet pack={pack.data} /> : null}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => void openPdf()} disabled={opening}>
          Open PDF
        </button>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!pack.data}>
          Print
        </button>
      </Modal.Footer>
    </>
  );
}
