/** What covers the page while the shopper waits for a call (renewing, paying): a spinner and what is going on, announced at once. */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div className="overlay" role="status" aria-live="assertive">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
