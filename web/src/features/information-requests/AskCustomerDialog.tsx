/**
 * "Ask the customer" (product: information-requests.md#loop): the answers the order page warns about are offered
 * first, then any other answer of the application; a short note; Send. The choice and the note are checked by the
 * request's own schema, so the messages under them are the server's.
 */
import { useState, type FormEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { toast } from 'react-toastify';
import type { AnswerWarning } from '../../../../shared/schemas/order-detail';
import {
  ASKABLE_FIELDS,
  FIELDS_OF_WARNING,
  NOTE_MAX,
  REQUEST_TEXTS,
} from '../../../../shared/schemas/information-request-texts';
import { askCustomerSchema } from '../../../../shared/schemas/information-request-forms';
import { LazyModal } from '../../components/LazyModal';
import { ApiError, errorMessage } from '../../lib/api';
import { useAskCustomer } from './api/information-requests';

interface Props {
  show: boolean;
  orderId: number;
  warnings: AnswerWarning[];
  onClose(): void;
}

export function AskCustomerDialog({ show, orderId, warnings, onClose }: Props) {
  return (
    <LazyModal show={show} onHide={onClose} centered scrollable size="lg">
      <AskCustomerForm orderId={orderId} warnings={warnings} onClose={onClose} />
    </LazyModal>
  );
}

/** The fields the warnings point at, in catalog order. */
const warnedFields = (warnings: AnswerWarning[]) => {
  const keys = new Set(warnings.flatMap((w) => FIELDS_OF_WARNING[w.code] ?? []));
  return ASKABLE_FIELDS.filter((f) => keys.has(f.key));
};

function AskCustomerForm({ orderId, warnings, onClose }: Omit<Props, 'show'>) {
  const ask = useAskCustomer(orderId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fields?: string | undefined; note?: string | undefined }>({});
  const warned = warnedFields(warnings);
  const others = ASKABLE_FIELDS.filter((f) => !warned.includes(f));

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { orderId, fields: ASKABLE_FIELDS.map((f) => f.key).filter((k) => chosen.has(k)), note };
    const checked = askCustomerSchema.safeParse(input);
    if (!checked.success) {
      const found: { fields?: string; note?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'fields' || field === 'note') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const res = await ask.mutateAsync({ fields: checked.data.fields, note: checked.data.note });
      toast.success(res.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors({ fields: error.errors.fields, note: error.errors.note });
      toast.error(errorMessage(error));
    }
  };

  const box = (field: (typeof ASKABLE_FIELDS)[number]) => (
    <div className="form-check" key={field.key}>
      <input
        className="form-check-input"
        type="checkbox"
        id={`ask-${field.key}`}
        checked={chosen.has(field.key)}
        onChange={() => toggle(field.key)}
      />
      <label className="form-check-label" htmlFor={`ask-${field.key}`}>
        {field.label}
      </label>
    </div>
  );

  return (
    // A flex column that may shrink, as the dialog's content is: in a scrollable dialog the body scrolls between the
    // title and the buttons, which stay in the window.
    <form className="d-flex flex-column overflow-hidden" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {REQUEST_TEXTS.askTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {warned.length ? (
          <fieldset className="mb-3" aria-describedby={errors.fields ? 'ask-fields-error' : undefined}>
            <legend className="h6">{REQUEST_TEXTS.warningsFirst}</legend>
            {warned.map(box)}
          </fieldset>
        ) : null}
        <fieldset className="mb-3">
          <legend className="h6">{REQUEST_TEXTS.otherFields}</legend>
          <div className="ir-field-list">{others.map(box)}</div>
        </fieldset>
        {errors.fields ? (
          <div id="ask-fields-error" className="text-danger small mb-3" role="alert">
            {errors.fields}
          </div>
        ) : null}
        <label className="form-label" htmlFor="ask-note">
          {REQUEST_TEXTS.noteLabel}
        </label>
        <textarea
          id="ask-note"
          className={`form-control ${errors.note ? 'is-invalid' : ''}`}
          rows={3}
          maxLength={NOTE_MAX}
          aria-invalid={!!errors.note}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {errors.note ? <div className="invalid-feedback">{errors.note}</div> : null}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
          {REQUEST_TEXTS.send}
        </button>
      </Modal.Footer>
    </form>
  );
}
