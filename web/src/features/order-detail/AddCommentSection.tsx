/** "Add Comment Below": the remark box and the five tick boxes (the move buttons are in the sticky bar). */
import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { remarkText } from '../../../../shared/schemas/order-detail-forms';
import { ApiError } from '../../lib/api';
import { useForm } from 'react-hook-form';
import { DetailSection } from './DetailSection';
import { useAddRemark } from './api/add-remark';
import { clearRemarkDraft, readRemarkDraft, saveRemarkDraft } from './remark-draft';

const remarkFormSchema = z.object({
  remark: remarkText,
  whatsapp: z.boolean(),
  telephone: z.boolean(),
  statusRefund: z.boolean(),
  voided: z.boolean(),
  chargeBack: z.boolean(),
});
type RemarkForm = z.infer<typeof remarkFormSchema>;

const FLAGS: { name: Exclude<keyof RemarkForm, 'remark'>; label: string }[] = [
  { name: 'whatsapp', label: 'Whatsapp' },
  { name: 'telephone', label: 'Telephone' },
  { name: 'statusRefund', label: 'Status Refund' },
  { name: 'voided', label: 'Voided' },
  { name: 'chargeBack', label: 'Chargeback' },
];

const empty: RemarkForm = {
  remark: '',
  whatsapp: false,
  telephone: false,
  statusRefund: false,
  voided: false,
  chargeBack: false,
};
const yn = (ticked: boolean) => (ticked ? 'Y' : '');

export function AddCommentSection({ orderId }: { orderId: number }) {
  const addRemark = useAddRemark(orderId);
  // The unsent remark of this order comes back from the tab's drafts, and every keystroke is kept there.
  const form = useForm<RemarkForm>({
    resolver: zodResolver(remarkFormSchema),
    defaultValues: { ...empty, remark: readRemarkDraft(orderId) },
  });
  const { errors } = form.formState;
  useEffect(() => {
    const watching = form.watch((values, { name }) => {
      if (name === 'remark') saveRemarkDraft(orderId, values.remark ?? '');
    });
    return () => watching.unsubscribe();
  }, [form, orderId]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await addRemark.mutateAsync({
        remark: values.remark,
        whatsapp: yn(values.whatsapp),
        telephone: yn(values.telephone),
        statusRefund: yn(values.statusRefund),
        voided: yn(values.voided),
        chargeBack: yn(values.chargeBack),
      });
      toast.success(res.message);
      clearRemarkDraft(orderId);
      form.reset(empty);
    } catch (error) {
      const message = (error as Error).message;
      if (error instanceof ApiError && error.errors?.remark) form.setError('remark', { message: error.errors.remark });
      toast.error(message);
    }
  });

  return (
    <DetailSection title="Add Comment Below">
      <form noValidate onSubmit={onSubmit}>
        <label className="form-label" htmlFor="remark">
          Remark
        </label>
        <textarea
          id="remark"
          rows={3}
          className={`form-control ${errors.remark ? 'is-invalid' : ''}`}
          aria-invalid={!!errors.remark}
          {...form.register('remark')}
        />
        {errors.remark?.message ? <div className="invalid-feedback">{errors.remark.message}</div> : null}
        <div className="d-flex flex-wrap gap-3 mt-2">
          {FLAGS.map((f) => (
            <div className="form-check" key={f.name}>
              <input className="form-check-input" type="checkbox" id={`flag-${f.name}`} {...form.register(f.name)} />
              <label className="form-check-label" htmlFor={`flag-${f.name}`}>
                {f.label}
              </label>
            </div>
          ))}
        </div>
        <button type="submit" className="btn btn-primary mt-3 od-remark-submit" disabled={addRemark.isPending}>
          Submit Remark
        </button>
      </form>
    </DetailSection>
  );
}
