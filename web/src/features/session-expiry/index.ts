/** The session-expiry feature's public entry (docs/decisions/0031): the warning the staff frame shows. */
export { SessionExpiryWarning } from './SessionExpiryWarning';
