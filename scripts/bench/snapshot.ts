/**
 * The static snapshots: the rendered pages without their scripts, written under the built client
 * (dist/client/bench-snapshot/<page>.html), which the same shop server answers as static files.
 * They exist only during a run: removeSnapshots() runs at its end, failed or not.
 */
import { rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SHOP, SNAPSHOT_DIR, root, type PageSpec } from './config.ts';

export const snapshotUrl = (spec: PageSpec) => `${SHOP}/${path.basename(SNAPSHOT_DIR)}/${spec.id}.html`;

/**
 * Writes a page's snapshot and checks that the shop answers it (as a static file, not as a page of
 * the app); a copy stays in reports/bench-snapshot-<page>.html, to read after the run.
 */
export async function writeSnapshot(spec: PageSpec, html: string): Promise<{ url: string; copy: string }> {
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  await writeFile(path.join(SNAPSHOT_DIR, `${spec.id}.html`), html);
  const copy = path.join(root, 'reports', `bench-snapshot-${spec.id}.html`);
  await mkdir(path.dirname(copy), { recursive: true });
  await writeFile(copy, html);
  const url = snapshotUrl(spec);
  const served = await fetch(url);
  if (!served.ok || (await served.text()) !== html) {
    throw new Error(`${url}: the shop did not answer the snapshot file (HTTP ${served.status})`);
  }
  return { url, copy };
}

export function removeSnapshots(): void {
  rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
}

/** The text of an HTML document: without comments (React's text separators), scripts, styles and tags, entities of text read, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template|title)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Whether a document holds a heading's text in its body copy (not only in its title). */
export const holdsText = (html: string, text: string) => text !== '' && textOf(html).includes(text);

export const hasScript = (html: string) => /<script\b|<link\b[^>]*\bmodulepreload\b/i.test(html);
