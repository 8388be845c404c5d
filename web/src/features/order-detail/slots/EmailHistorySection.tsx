/** Email History (issue 8): built in features/documents, mounted here by the order detail page. */
export { EmailHistorySection } from '../../documents/EmailHistorySection';
