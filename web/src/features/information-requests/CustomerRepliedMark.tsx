/** The "Customer replied" mark of a queue row or card (product: information-requests.md#loop). */
import { CUSTOMER_REPLIED } from '../../../../shared/schemas/information-request-texts';

export function CustomerRepliedMark() {
  return <span className="badge text-bg-success ms-1 ir-replied-mark">{CUSTOMER_REPLIED}</span>;
}
