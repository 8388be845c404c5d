/**
 * The defence packs' public entry (docs/decisions/0045): the packs drawn as PDFs for a payment provider's dispute
 * evidence (features/disputes).
 */
export { defencePackPdfForProvider, FORBIDDEN_MESSAGE } from './defence-packs.service';
