/** Defence Pack 1 and 2 (issue 7): built in features/defence-packs, mounted here by the order detail page. */
export { DefencePackButtons } from '../../defence-packs/DefencePackButtons';
