/** The auth feature's public entry (docs/decisions/0045): what the team screens need of passwords and sessions. */
export { hashPassword } from './auth.service';
export { endMemberSessions } from './sessions.service';
