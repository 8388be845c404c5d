import type { Folder } from '../../../../shared/orders';
import { ComingSoon } from '../../components/ComingSoon';

export function QueuePage({ title }: { folder: Folder; title: string }) {
  return <ComingSoon title={title} />;
}
