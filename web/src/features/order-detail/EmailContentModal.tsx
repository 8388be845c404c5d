/**
 * "View Email Content": the approved-order e-mail exactly as the mailer renders
 * it for this order, in the customer's language (server-rendered, shown in a sandboxed frame), with its link
 * to the order's track page, a Close button and a button opening a WhatsApp chat
 * with the customer's number and a prefilled message.
 */
import { Modal } from 'react-bootstrap';
import { LazyModal } from '../../components/LazyModal';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { approvedOrderWhatsAppUrl } from '../../../../shared/mail/approved-order';
import { approvedMailPreviewQuery } from './api/get-approved-mail-preview';
import { languageName } from './CustomerLanguage';

/** Links in the preview open in a new tab instead of inside the frame. */
const withNewTabLinks = (html: string) =>
  html.includes('<head>') ? html.replace('<head>', '<head><base target="_blank">') : `<base target="_blank">${html}`;

export function EmailContentModal({ show, order, onClose }: { show: boolean; order: OrderDetail; onClose(): void }) {
  const preview = useQuery({ ...approvedMailPreviewQuery(order.order_id), enabled: show });
  const whatsApp = approvedOrderWhatsAppUrl({
    orderId: order.order_id,
    givenName: order.given_name,
    surname: order.surname,
    siteName: order.landing_site_name,
    supportEmail: order.landing_site_support_email,
    trackUrl: order.track_url,
    phoneCode: order.personal_phone_code,
    phoneNumber: order.personal_telephone_number,
  });
  const mail = preview.data;
  return (
    <LazyModal show={show} onHide={onClose} size="lg" centered scrollable>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          Email Content
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {preview.isPending ? (
          <div className="text-muted" role="status">
            Loading the e-mail…
          </div>
        ) : null}
        {preview.isError ? (
          <div className="alert alert-danger mb-0" role="alert">
            {preview.error.message}
          </div>
        ) : null}
        {mail ? (
          <>
            <dl className="row mb-2 od-mail-headers">
              <dt className="col-3 col-sm-2">To</dt>
              <dd className="col-9 col-sm-10">{mail.to}</dd>
              <dt className="col-3 col-sm-2">From</dt>
              <dd className="col-9 col-sm-10">
                {mail.from_name} (replies to {mail.reply_to})
              </dd>
              <dt className="col-3 col-sm-2">Subject</dt>
              <dd className="col-9 col-sm-10">{mail.subject}</dd>
              <dt className="col-3 col-sm-2">Language</dt>
              <dd className="col-9 col-sm-10">{languageName(mail.locale)}</dd>
            </dl>
            {mail.has_document ? null : (
              <p className="small text-muted">
                No document is uploaded yet: this e-mail is sent when the document is uploaded, with the document
                attached.
              </p>
            )}
            <iframe
              className="od-mail-frame"
              title="Email preview"
              srcDoc={withNewTabLinks(mail.html)}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
            />
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        <a className="btn btn-success" href={whatsApp} target="_blank" rel="noopener noreferrer">
          Send WhatsApp Message
        </a>
      </Modal.Footer>
    </LazyModal>
  );
}
