/**
 * The auth feature's public entry (docs/decisions/0045): what the team screens need of passwords and sessions, and
 * the security event another feature's Admin setting records (features/exports, who may export).
 */
export { hashPassword } from './auth.service';
export { endMemberSessions, recordSecurityEvent } from './sessions.service';
