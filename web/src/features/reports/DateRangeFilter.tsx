/** From/To date filter with Submit (product: screens.md#reports-screens); field errors under the inputs (product: messages.md#validation). */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from 'react-bootstrap';
import { BOTH_DATES_MESSAGE, DATE_ORDER_MESSAGE } from '../../../../shared/schemas/reports-texts';
import { currentMonth } from './report-helpers';

interface DateRangeFilterProps {
  fromDate: string;
  toDate: string;
  /** Processing logs: both dates or the Submit is refused with 'Please select both From and To dates.' */
  requireBoth?: boolean;
  busy?: boolean;
  onSubmit(range: { fromDate: string; toDate: string }): void;
}

export function DateRangeFilter({
  fromDate,
  toDate,
  requireBoth = false,
  busy = false,
  onSubmit,
}: DateRangeFilterProps) {
  const schema = z
    .object({ fromDate: z.string(), toDate: z.string() })
    .refine((v) => !requireBoth || (v.fromDate && v.toDate), { message: BOTH_DATES_MESSAGE, path: ['toDate'] })
    .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
      message: DATE_ORDER_MESSAGE,
      path: ['toDate'],
    });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { fromDate, toDate } });
  useEffect(() => {
    reset({ fromDate, toDate });
  }, [fromDate, toDate, reset]);
  const thisMonth = () => {
    const month = currentMonth();
    setValue('fromDate', month.fromDate);
    setValue('toDate', month.toDate);
    onSubmit(month);
  };
  return (
    <form
      className="report-filter d-flex flex-wrap align-items-start gap-2"
      noValidate
      onSubmit={handleSubmit((v) => onSubmit(v))}
    >
      <div>
        <label className="form-label small mb-1" htmlFor="report-from">
          From
        </label>
        <input
          id="report-from"
          type="date"
          className={`form-control form-control-sm ${errors.fromDate ? 'is-invalid' : ''}`}
          {...register('fromDate')}
        />
        {errors.fromDate ? <div className="invalid-feedback">{errors.fromDate.message}</div> : null}
      </div>
      <div>
        <label className="form-label small mb-1" htmlFor="report-to">
          To
        </label>
        <input
          id="report-to"
          type="date"
          className={`form-control form-control-sm ${errors.toDate ? 'is-invalid' : ''}`}
          aria-invalid={!!errors.toDate}
          {...register('toDate')}
        />
        {errors.toDate ? <div className="invalid-feedback d-block">{errors.toDate.message}</div> : null}
      </div>
      <div className="d-flex gap-2 report-filter-buttons">
        <Button type="submit" size="sm" disabled={busy}>
          Submit
        </Button>
        <Button type="button" size="sm" variant="outline-secondary" disabled={busy} onClick={thisMonth}>
          This month
        </Button>
      </div>
    </form>
  );
}
