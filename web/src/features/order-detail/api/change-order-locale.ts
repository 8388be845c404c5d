/** PUT /api/admin/order-locale (product: languages.md#order-language): the customer's language for the next mails. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useChangeOrderLocale(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) => api.put<{ locale: Locale }>('admin/order-locale', { orderId, locale }),
    // The detail's key holds the mail preview too: both are read again in the new language.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.detail(orderId) }),
  });
}
