/**
 * A queue folder's screen: shared/folders.ts declares each folder's address. Not in paths.ts: the public pages use
 * `paths` and share its chunk, and would carry the whole folder table (half a kilobyte) for no folder of theirs.
 */
import { FOLDER_TABLE, type Folder } from '../../../shared/folders';

export const folderPath = (folder: Folder) => FOLDER_TABLE[folder].path;
