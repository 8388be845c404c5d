/**
 * The erasure feature's public entry (docs/decisions/0045, 0014): erasing orders' personal data and their files, and
 * the record of what was erased that the order detail and the defence packs show.
 */
export { eraseOrders, erasureEntries, readErasures, removeFiles } from './erasure.service';
