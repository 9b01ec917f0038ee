import type { ReactNode } from 'react';

/** The frame of every error page: a document title, a heading, a message and the page's actions. */
export function ErrorLayout({ title, message, children }: { title: string; message: ReactNode; children?: ReactNode }) {
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-page-title">
      <title>{title}</title>
      <h1 id="error-page-title">{title}</h1>
      <p className="error-page__message">{message}</p>
      {children ? <div className="error-page__actions">{children}</div> : null}
    </section>
  );
}
