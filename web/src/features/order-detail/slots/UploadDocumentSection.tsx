/** Upload Document (issue 8): built in features/documents, mounted here by the order detail page. */
export { UploadDocumentSection } from '../../documents/UploadDocumentSection';
