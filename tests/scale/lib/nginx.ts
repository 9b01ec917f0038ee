/**
 * nginx's configuration for the scale tests, made from the repository's example
 * (deploy/nginx/shop.conf, issue 16 "the nginx example in the repo") so the tests prove the file
 * operators copy: only the listen address, the instances' addresses and the debugging header that
 * names the answering instance are changed. The main file around it keeps every path in the test's
 * own directory.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NGINX_EXAMPLE = path.resolve(import.meta.dirname, '../../../deploy/nginx/shop.conf');

/** Replaces exactly `count` matches of `pattern` (global), else throws naming `what`; `replace` gets the groups and the match's number. */
function replaceExactly(
  text: string,
  pattern: RegExp,
  count: number,
  what: string,
  replace: (groups: string[], nth: number) => string,
): string {
  const found = [...text.matchAll(pattern)].length;
  if (found !== count)
    throw new Error(`${NGINX_EXAMPLE}: expected ${count} ${what}, found ${found}; tests/scale/lib/nginx.ts reads it`);
  let nth = 0;
  return text.replace(pattern, (...args: unknown[]) => {
    // replace's arguments: the match, the groups, then the offset and the whole text.
    const groups = args.slice(1, -2) as string[];
    return replace(groups, nth++);
  });
}

/** The example with this cluster's addresses, and the X-Upstream-Addr header switched on. */
export function shopConf(template: string, listenPort: number, instancePorts: number[]): string {
  let conf = replaceExactly(
    template,
    /^([ \t]*)listen\s+[^;]+;/gm,
    1,
    '`listen` line',
    ([indent]) => `${indent}listen 127.0.0.1:${listenPort};`,
  );
  // `server <host>:<port> <parameters>;` inside the upstream: the address changes, the parameters stay.
  conf = replaceExactly(
    conf,
    /^([ \t]*)server\s+[^\s;{]+:\d+([^;\n]*);/gm,
    instancePorts.length,
    'upstream `server` lines',
    ([indent, parameters], nth) => `${indent}server 127.0.0.1:${instancePorts[nth]}${parameters};`,
  );
  return replaceExactly(
    conf,
    /^([ \t]*)#\s*(add_header X-Upstream-Addr \$upstream_addr always;)/gm,
    1,
    'commented X-Upstream-Addr header',
    ([indent, directive]) => `${indent}${directive}`,
  );
}

/**
 * Writes `<dir>/nginx.conf` (one worker, so one round-robin rotation and strict alternation; every
 * path under `dir`) including `<dir>/shop.conf`. Answers the arguments to start nginx with.
 */
export function writeNginxConf(dir: string, listenPort: number, instancePorts: number[]): string[] {
  for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, 'shop.conf'), shopConf(readFileSync(NGINX_EXAMPLE, 'utf8'), listenPort, instancePorts));
  const main = [
    // As root nginx's workers would run as nobody, who may not write into the test's directory.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'pid nginx.pid;',
    'error_log logs/error.log notice;',
    'events { worker_connections 256; }',
    'http {',
    '  log_format upstream \'$remote_addr "$request" $status upstream=$upstream_addr ($upstream_status)\';',
    '  access_log logs/access.log upstream;',
    '  client_body_temp_path temp/body;',
    '  proxy_temp_path temp/proxy;',
    '  fastcgi_temp_path temp/fastcgi;',
    '  uwsgi_temp_path temp/uwsgi;',
    '  scgi_temp_path temp/scgi;',
    '  include shop.conf;',
    '}',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'nginx.conf'), main);
  // -e: the error log before the configuration is read (the default one may not be writable).
  return ['-p', dir, '-e', path.join(dir, 'logs/error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'];
}
