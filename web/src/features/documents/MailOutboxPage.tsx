import { ComingSoon } from '../../components/ComingSoon';

export function MailOutboxPage() {
  return <ComingSoon title="Mail Outbox" />;
}
