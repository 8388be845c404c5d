import { PageHeader } from './PageHeader';

/** Placeholder for a screen whose issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="alert alert-info">This screen is coming soon.</div>
    </>
  );
}
