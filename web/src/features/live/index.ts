/** The live feature's public entry (docs/decisions/0031): what the staff frame, the queues and the order page use. */
export { LiveProvider, useLiveEvents } from './LiveProvider';
export { LiveStatus } from './LiveStatus';
export { OrderLivePanel } from './OrderLivePanel';
export { useLiveQueue } from './use-live-queue';
export { DEPARTED_ROW_CLASS, DepartedNote, ViewersMark, type LiveMarks } from './LiveMarks';
export { useRefreshAfterChange } from './use-refresh-after-change';
