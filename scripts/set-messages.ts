/**
 * Sets one top-level namespace of every message catalogue (catalogues/<language>.json)
 * from a JSON file shaped `{ "en": {...}, "fr": {...}, ... }`, keeping the other namespaces as they
 * are and formatting with Prettier. Read-modify-write per file in one step, so people working on
 * different namespaces do not overwrite each other.
 *
 *   npx node scripts/set-messages.ts <namespace> <file.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';

const [namespace, source] = process.argv.slice(2);
if (!namespace || !source) {
  console.error('usage: node scripts/set-messages.ts <namespace> <file.json>');
  process.exit(2);
}
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'catalogues');
const messages = JSON.parse(readFileSync(source, 'utf8')) as Record<string, unknown>;
for (const [language, value] of Object.entries(messages)) {
  const file = path.join(dir, `${language}.json`);
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  catalogue[namespace] = value;
  writeFileSync(file, await format(JSON.stringify(catalogue), { parser: 'json', filepath: file }));
}
console.log(`set ${namespace} in ${Object.keys(messages).join(', ')}`);
