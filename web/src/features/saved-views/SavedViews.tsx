/**
 * Saved views of a queue (docs/decisions/0023): pills under the queue's title (own views first, then the
 * shared ones); opening one sets the address to its filters, sort and page size. The owner deletes their view; an
 * Admin or Manager shares and unshares views and deletes shared ones (the server enforces the same). "Save view"
 * keeps the current address (without the search and the page) under a name.
 */
import { memo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Form, Modal } from 'react-bootstrap';
import { LazyModal } from '../../components/LazyModal';
import { toast } from 'react-toastify';
import type { Folder } from '../../../../shared/orders';
import { can } from '../../../../shared/roles';
import type { SavedView } from '../../../../shared/schemas/saved-views';
import { SAVED_VIEW_NAME_MAX } from '../../../../shared/schemas/saved-views-texts';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { viewQueryOf } from './view-query';
import { useSavedViewMutations, useSavedViews } from './saved-views-api';

/** The view's query in the form viewQueryOf writes, to mark the view that is open. */
const normalised = (query: string) => viewQueryOf(new URLSearchParams(query));

/** Memoised (its only prop is the folder): a queue's rows arriving leave it alone. */
export const SavedViewsBar = memo(function SavedViewsBar({ folder }: { folder: Folder }) {
  const { user } = useAuth();
  const location = useLocation();
  const views = useSavedViews(folder);
  const { update, remove } = useSavedViewMutations(folder);
  const [toDelete, setToDelete] = useState<SavedView | null>(null);
  const leader = can(user?.type, 'views:share');
  const current = viewQueryOf(new URLSearchParams(location.search));
  if (!views.data?.length) return null;

  const share = async (view: SavedView) => {
    try {
      await update.mutateAsync({ id: view.id, shared: !view.shared });
      toast.success(view.shared ? `"${view.name}" is no longer shared.` : `"${view.name}" is shared with everyone.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success('View deleted.');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <nav className="saved-views d-flex flex-wrap gap-1 align-items-center mb-2" aria-label="Saved views">
      <span className="small text-muted me-1">Views:</span>
      {views.data.map((view) => {
        const open = normalised(view.query) === current;
        return (
          <span key={view.id} className={`saved-view btn-group btn-group-sm${open ? ' saved-view-open' : ''}`}>
            <Link
              to={{ search: view.query ? `?${view.query}` : '' }}
              className={`btn btn-sm rounded-pill ${open ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-current={open ? 'page' : undefined}
              title={view.mine ? undefined : `Shared by ${view.ownerName}`}
            >
              {view.name}
              {view.shared ? <span className="visually-hidden"> (shared)</span> : null}
              {view.shared ? (
                <span aria-hidden="true" className="ms-1">
                  ⇆
                </span>
              ) : null}
            </Link>
            {leader ? (
              <Button
                size="sm"
                variant="link"
                className="px-1"
                onClick={() => void share(view)}
                aria-label={`${view.shared ? 'Stop sharing' : 'Share'} view ${view.name}`}
              >
                {view.shared ? 'Unshare' : 'Share'}
              </Button>
            ) : null}
            {view.mine || (leader && view.shared) ? (
              <Button
                size="sm"
                variant="link"
                className="px-1 text-danger"
                onClick={() => setToDelete(view)}
                aria-label={`Delete view ${view.name}`}
              >
                ×
              </Button>
            ) : null}
          </span>
        );
      })}
      <ConfirmDialog
        show={!!toDelete}
        message={toDelete ? `Delete the view "${toDelete.name}"?` : ''}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </nav>
  );
});

/** "Save view": the current filters, sort and page size under a name; an Admin or Manager may share it at once. */
export function SaveViewButton({ folder }: { folder: Folder }) {
  const { user } = useAuth();
  const { create } = useSavedViewMutations(folder);
  const [show, setShow] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leader = can(user?.type, 'views:share');

  const close = () => {
    setShow(false);
    setName('');
    setShared(false);
    setError(null);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Please enter a name for the view.');
      return;
    }
    try {
      // The address as it is now (as use-queue-params reads it), not as of the last render: React Router commits a
      // new location in a transition, so right after a sort or filter the render can still hold the one before.
      await create.mutateAsync({
        name: name.trim(),
        query: viewQueryOf(new URLSearchParams(window.location.search)),
        shared,
      });
      toast.success('View saved.');
      close();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <>
      <Button size="sm" variant="outline-primary" className="text-nowrap" onClick={() => setShow(true)}>
        Save view
      </Button>
      <LazyModal show={show} onHide={close} centered>
        <Form onSubmit={(e) => void save(e)} noValidate>
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5">
              Save view
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="small text-muted">
              Keeps this queue's filters, sort and rows per page. The search text is not kept.
            </p>
            <Form.Label htmlFor={`view-name-${folder}`}>Name</Form.Label>
            <Form.Control
              id={`view-name-${folder}`}
              value={name}
              maxLength={SAVED_VIEW_NAME_MAX}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              isInvalid={!!error}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
            {leader ? (
              <Form.Check
                className="mt-2"
                id={`view-shared-${folder}`}
                label="Share with everyone"
                checked={shared}
                onChange={(e) => setShared(e.target.checked)}
              />
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Save
            </Button>
          </Modal.Footer>
        </Form>
      </LazyModal>
    </>
  );
}
