/** The exports feature's public entry (docs/decisions/0045): retention prunes the export audit lines it keeps. */
export { pruneAuditLines } from './export-audit';
