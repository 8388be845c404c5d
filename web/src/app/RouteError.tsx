import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Failed script-part loads (product: messages.md#load-errors) get a friendly reload page; anything else the router's text. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/** `error`: the failure when it is not the route's own (a screen's code that did not load, router.tsx). */
export function RouteError({ error: given }: { error?: unknown }) {
  const routeError = useRouteError();
  const error = given ?? routeError;
  const chunk = isChunkLoadError(error);
  return (
    <div className="container py-5" role="alert">
      <div className="card shadow-sm mx-auto" style={{ maxWidth: 560 }}>
        <div className="card-body p-4 text-center">
          <h1 className="h4 mb-3">{chunk ? 'This screen could not be loaded' : 'Unexpected Application Error!'}</h1>
          <p className="text-muted">
            {chunk
              ? 'A part of the application failed to download. Check your connection and reload the page; a new version may also have been released.'
              : isRouteErrorResponse(error)
                ? `${error.status} ${error.statusText}`
                : 'Something went wrong while showing this page.'}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </div>
    </div>
  );
}
