/**
 * POST /api/admin/get-defence-pack-pdf: the pack as a PDF, opened in a new window (product: orders.md#defence-packs). The window
 * is opened at the click (so no popup blocker stops it) and shown the PDF once it arrives; the PDF is fetched
 * with the staff token, never from a public address.
 */
import type { DefencePackType } from '../../../../../shared/schemas/defence-pack-texts';
import { api } from '../../../lib/api';

export async function openDefencePackPdf(orderId: number, type: DefencePackType): Promise<void> {
  const win = window.open('', '_blank');
  if (win) {
    win.document.title = `Defence Pack ${type} - order ${orderId}`;
    win.document.body.textContent = 'Preparing the PDF…';
  }
  try {
    const response = await api.raw('POST', 'admin/get-defence-pack-pdf', { body: { orderId, defencePackType: type } });
    const url = URL.createObjectURL(await response.blob());
    if (win) win.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    win?.close();
    throw error;
  }
}
