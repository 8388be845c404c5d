/** A screen's place while its code or first data loads: a spinner that says so to a screen reader. */
export function PageLoading() {
  return (
    <div className="d-flex justify-content-center py-5" aria-busy="true">
      <div className="spinner-border text-secondary" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}
