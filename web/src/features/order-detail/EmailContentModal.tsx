/**
 * "View Email Content": the approved-order e-mail exactly as the mailer builds
 * it (shared template), with its link to the order's track page, a Close
 * button and a button opening a WhatsApp chat with the customer.
 */
import { Modal } from 'react-bootstrap';
import type { OrderDetail } from '../../../../shared/schemas/order-detail';
import { approvedOrderMail, approvedOrderWhatsAppUrl } from '../../../../shared/mail/approved-order';

export function EmailContentModal({ show, order, onClose }: { show: boolean; order: OrderDetail; onClose(): void }) {
  const input = {
    orderId: order.order_id, givenName: order.given_name, surname: order.surname, siteName: order.landing_site_name,
    supportEmail: order.landing_site_support_email, trackUrl: order.track_url,
  };
  const mail = approvedOrderMail(input);
  const whatsApp = approvedOrderWhatsAppUrl({ ...input, phoneCode: order.personal_phone_code, phoneNumber: order.personal_telephone_number });
  return (
    <Modal show={show} onHide={onClose} size="lg" centered scrollable>
      <Modal.Header closeButton><Modal.Title as="h2" className="h5">Email Content</Modal.Title></Modal.Header>
      <Modal.Body>
        <dl className="od-fields mb-3">
          <div className="od-field"><dt>To</dt><dd>{order.email}</dd></div>
          <div className="od-field"><dt>From</dt><dd>{order.landing_site_name} &lt;{order.landing_site_support_email}&gt;</dd></div>
          <div className="od-field"><dt>Subject</dt><dd>{mail.subject}</dd></div>
        </dl>
        {/* The template escapes everything the customer typed. */}
        <div className="od-mail-preview" data-testid="email-preview" dangerouslySetInnerHTML={{ __html: mail.html }} />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>Close</button>
        <a className="btn btn-success" href={whatsApp} target="_blank" rel="noopener noreferrer">Send WhatsApp Message</a>
      </Modal.Footer>
    </Modal>
  );
}
