/** Download History (issue 7): built in features/defence-packs, mounted here by the order detail page. */
export { DownloadHistorySection } from '../../defence-packs/DownloadHistorySection';
