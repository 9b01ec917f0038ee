/**
 * Error reporting's settings (issue 15): SENTRY_DSN turns it on (off without one), SENTRY_RELEASE and
 * SENTRY_ENVIRONMENT tag every event, the browser's and the proxy's alike. The DSN is read the way
 * Sentry's SDKs read it (`{protocol}://{public key}@{host}[:port]/{path/}{project id}`): a DSN with a
 * path, such as the sandbox's `http://sandboxpublickey@localhost:4010/sentry/1`, sends its envelopes
 * to `{origin}/{path}/api/{project id}/envelope/`.
 */
import { readFileSync } from 'node:fs';

export interface Dsn {
  /** The DSN as the SDKs print it (no secret), e.g. `http://key@localhost:4010/sentry/1`. */
  value: string;
  publicKey: string;
  projectId: string;
  /** Where the project's envelopes go (Sentry's envelope endpoint for the DSN). */
  envelopeUrl: string;
}

export interface ErrorReportingSettings {
  dsn: Dsn;
  /** SENTRY_RELEASE, or the package's name@version. */
  release: string;
  /** SENTRY_ENVIRONMENT, or the upstream mode (sandbox, prism, live). */
  environment: string;
}

/** The DSN's parts, or undefined when it is not a DSN (no public key, no numeric project id, not http(s)). */
export function parseDsn(text: string): Dsn | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!/^\w+$/.test(url.username) || url.search || url.hash) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) return undefined;
  const path = segments.length > 0 ? `/${segments.join('/')}` : '';
  return {
    value: `${url.protocol}//${url.username}@${url.host}${path}/${projectId}`,
    publicKey: url.username,
    projectId,
    envelopeUrl: `${url.origin}${path}/api/${projectId}/envelope/`,
  };
}

/** True when two DSNs name the same project of the same Sentry (a secret, if any, is not compared). */
export function sameDsn(a: Dsn, b: Dsn): boolean {
  return a.publicKey === b.publicKey && a.projectId === b.projectId && a.envelopeUrl === b.envelopeUrl;
}

function packageRelease(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${pkg.name}@${pkg.version}`;
}

/**
 * The settings from SENTRY_DSN, SENTRY_RELEASE and SENTRY_ENVIRONMENT; undefined (error reporting off)
 * without a DSN. A DSN that is not one is added to `problems`.
 */
export function errorReportingSettings(
  env: { SENTRY_DSN?: string; SENTRY_RELEASE?: string; SENTRY_ENVIRONMENT?: string },
  mode: string,
  problems: string[],
): ErrorReportingSettings | undefined {
  const text = env.SENTRY_DSN?.trim();
  if (!text) return undefined;
  const dsn = parseDsn(text);
  if (!dsn) {
    problems.push('SENTRY_DSN: not a Sentry DSN (http(s)://<public key>@<host>[/<path>]/<project id>)');
    return undefined;
  }
  return {
    dsn,
    release: env.SENTRY_RELEASE?.trim() || packageRelease(),
    environment: env.SENTRY_ENVIRONMENT?.trim() || mode,
  };
}
