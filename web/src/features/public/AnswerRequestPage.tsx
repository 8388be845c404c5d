/**
 * /answer-request#{token} (product: information-requests.md#answer): the customer checks the answers staff asked
 * about, pre-filled as the order holds them, with the staff note, and sends them once; the page then says what happens
 * next. The token is read from the address's fragment (which no browser sends to a server), kept for this tab only
 * (a reload still works) and taken out of the address bar; the calls carry it in their body. Every check of a value is
 * the server's (the intake schema's message under the answer). The page speaks the public pages' language
 * (`request.*` messages); the answers' labels and their messages are the server's English.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { DIALLING_CODES } from '../../../../shared/dialling-codes';
import { encodeId } from '../../../../shared/ids';
import { MONTH_NAMES, PREFECTURES, PURPOSES_OF_VISIT, YES_NO } from '../../../../shared/orders';
import { CUSTOMER_TEXTS } from '../../../../shared/schemas/information-request-customer-texts';
import type { PublicRequest } from '../../../../shared/schemas/information-requests';
import { ApiError } from '../../lib/api-envelope';
import { answerInformationRequest, openInformationRequest } from './api/information-request';
import { useAnswerText } from './i18n/answers';
import { useT } from './i18n/messages';
import { PublicLayout } from './PublicLayout';

const TOKEN_KEY = 'answer-request-token';
const COUNTRIES = Object.keys(DIALLING_CODES).sort((a, b) => a.localeCompare(b, 'en'));

/** The link's token: from the fragment (then kept for this tab and taken out of the address), or as kept before. */
function takeToken(): string | null {
  const fromLink = window.location.hash.replace(/^#/, '');
  if (fromLink) {
    sessionStorage.setItem(TOKEN_KEY, fromLink);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    return fromLink;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

type Loaded = { request: PublicRequest } | { refusal: string } | null;

export function AnswerRequestPage() {
  const [token] = useState(takeToken);
  const [loaded, setLoaded] = useState<Loaded>(token ? null : { refusal: CUSTOMER_TEXTS.linkInvalid });
  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    openInformationRequest(token).then(
      (request) => current && setLoaded({ request }),
      (error: unknown) =>
        current && setLoaded({ refusal: error instanceof ApiError ? error.message : CUSTOMER_TEXTS.linkInvalid }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  if (loaded === null) return null;
  const request = 'request' in loaded ? loaded.request : null;
  return (
    <PublicLayout encodedOrderId={request ? encodeId(request.order_id) : undefined} title="request.heading">
      {() => (
        <div className="container">
          <div className="card public-card shadow-sm">
            <div className="card-body p-4 p-md-5">
              <Heading />
              {request && token ? (
                <AnswerForm token={token} request={request} />
              ) : (
                <Refusal text={'refusal' in loaded ? loaded.refusal : CUSTOMER_TEXTS.linkInvalid} />
              )}
            </div>
          </div>
        </div>
      )}
    </PublicLayout>
  );
}

function Heading() {
  const t = useT();
  return <h1 className="h3 mb-2">{t('request.heading')}</h1>;
}

function Refusal({ text }: { text: string }) {
  const answerText = useAnswerText();
  return (
    <div className="alert alert-warning mb-0" role="alert">
      {answerText(text)}
    </div>
  );
}

type Column = PublicRequest['fields'][number]['columns'][number];
const asText = (value: Column['value']) => (value === null ? '' : String(value));

function AnswerForm({ token, request }: { token: string; request: PublicRequest }) {
  const t = useT();
  const answerText = useAnswerText();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(request.fields.flatMap((f) => f.columns.map((c) => [c.name, asText(c.value)]))),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const answers = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? null : v]));
      const answer = await answerInformationRequest(token, answers);
      sessionStorage.removeItem(TOKEN_KEY);
      setDone(answerText(answer.message));
    } catch (error) {
      setPending(false);
      setErrors(error instanceof ApiError && error.errors ? error.errors : {});
      setFailure(error instanceof ApiError ? answerText(error.message, error.httpStatus) : t('track.failed'));
    }
  };

  if (done)
    return (
      <div className="alert alert-success mb-0" role="status">
        {done}
      </div>
    );
  return (
    <>
      <p className="text-muted mb-1">{t('request.order', { orderId: String(request.order_id) })}</p>
      <p>{t('request.intro')}</p>
      <section className="mb-4" aria-label={t('request.noteHeading')}>
        <h2 className="h6 mb-1">{t('request.noteHeading')}</h2>
        <p className="mb-0 p-3 bg-light rounded" style={{ whiteSpace: 'pre-wrap' }}>
          {request.note}
        </p>
      </section>
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {request.fields.map((field) => (
          <fieldset key={field.key} className="mb-3">
            {field.columns.length > 1 ? <legend className="h6">{field.label}</legend> : null}
            <div className="row g-2">
              {field.columns.map((column) => (
                <div key={column.name} className={field.columns.length > 1 ? 'col-sm' : 'col-12'}>
                  <AnswerInput
                    column={column}
                    value={values[column.name] ?? ''}
                    error={errors[column.name]}
                    onChange={(value) => setValues((v) => ({ ...v, [column.name]: value }))}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        ))}
        <button type="submit" className="btn btn-brand w-100 py-2 mt-2" disabled={pending}>
          {pending ? t('request.submitting') : t('request.submit')}
        </button>
      </form>
    </>
  );
}

const OPTIONS: Partial<Record<string, readonly { value: string; label: string }[]>> = {
  country: COUNTRIES.map((c) => ({ value: c, label: c })),
  prefecture: [...PREFECTURES, 'OTHER'].map((p) => ({ value: p, label: p })),
  purpose: PURPOSES_OF_VISIT.map((p) => ({ value: p, label: p })),
  month: MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m })),
};

function AnswerInput({
  column,
  value,
  error,
  onChange,
}: {
  column: Column;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const t = useT();
  const id = `answer-${column.name}`;
  const options =
    column.input === 'yes-no'
      ? YES_NO.map((v) => ({ value: v, label: v === 'yes' ? t('request.yes') : t('request.no') }))
      : OPTIONS[column.input];
  const common = {
    id,
    name: column.name,
    value,
    'aria-invalid': !!error,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <>
      <label className="form-label" htmlFor={id}>
        {column.label}
      </label>
      {options ? (
        <select
          {...common}
          className={`form-select ${error ? 'is-invalid' : ''}`}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('request.choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className={`form-control ${error ? 'is-invalid' : ''}`}
          inputMode={['day', 'year', 'count'].includes(column.input) ? 'numeric' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </>
  );
}
