/**
 * Work next: POST admin/work-next takes the most urgent unassigned order of the queue for the member
 * and the order detail opens; when none is waiting, the server's message shows as a toast.
 */
import { useMutation } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import type { Folder } from '../../../../shared/orders';
import type { WorkNextResult } from '../../../../shared/schemas/work-next';
import { WORK_NEXT_FOLDERS, type WorkNextFolder } from '../../../../shared/schemas/work-next-texts';
import { api, errorMessage } from '../../lib/api';
import { useRefreshAfterChange } from '../live';
import { useNavigateAsTransition } from '../../lib/link-click-as-transition';
import { paths } from '../../lib/paths';

const hasWorkNext = (folder: Folder): folder is WorkNextFolder =>
  (WORK_NEXT_FOLDERS as readonly string[]).includes(folder);

export interface WorkNext {
  run(): void;
  busy: boolean;
}

/** Work next for this queue, or undefined where the queue has none. */
export function useWorkNext(folder: Folder): WorkNext | undefined {
  const refresh = useRefreshAfterChange();
  const navigate = useNavigateAsTransition();
  const mutation = useMutation({
    mutationFn: (folderName: WorkNextFolder) => api.post<WorkNextResult>('admin/work-next', { folderName }),
    onSettled: refresh,
  });
  if (!hasWorkNext(folder)) return undefined;
  const run = () => {
    if (mutation.isPending) return;
    mutation.mutate(folder, {
      onSuccess: (answer) => {
        if (answer.data.orderId === null) toast.info(answer.message);
        else navigate(paths.admin.viewOrder(answer.data.orderId));
      },
      onError: (error) => {
        toast.error(errorMessage(error));
      },
    });
  };
  return { run, busy: mutation.isPending };
}

export function WorkNextButton({ workNext }: { workNext: WorkNext | undefined }) {
  if (!workNext) return null;
  return (
    <Button
      size="sm"
      variant="success"
      disabled={workNext.busy}
      onClick={workNext.run}
      aria-keyshortcuts="n"
      title="Take the most urgent unassigned order and open it (n)"
    >
      Work next
    </Button>
  );
}
