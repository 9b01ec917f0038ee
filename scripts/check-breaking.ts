// `make check-breaking`: fails when openapi/proxy.yaml breaks the browser against the main branch's version
// (tests/contract/lib/breaking-base.ts says which) unless openapi/intended-breaking-changes.yaml lists the
// change with its reason. `BREAKING_BASE=<rev> make check-breaking` compares with another revision;
// `node scripts/check-breaking.ts <repository>` checks another checkout (the tests' small repositories).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBreaking, INTENDED_FILE, PROXY_CONTRACT } from '../tests/contract/lib/breaking-base.ts';
import { formatFinding } from '../tests/contract/lib/breaking.ts';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const { base, verdict } = checkBreaking(root);

if ('skip' in base || !verdict) {
  console.log(`check-breaking: skipped, ${'skip' in base ? base.skip : 'nothing to compare'}.`);
} else {
  const against = `${PROXY_CONTRACT} against ${base.rev} (${base.why})`;
  for (const { finding, entry } of verdict.accepted) {
    console.log(`intended: ${formatFinding(finding)}\n  reason: ${entry.reason}`);
  }
  for (const entry of verdict.unused) {
    console.log(
      `note: ${INTENDED_FILE} lists ${entry.operation} #${entry.pointer}, which this comparison does not find`,
    );
  }
  if (verdict.unlisted.length > 0) {
    for (const finding of verdict.unlisted) console.error(`breaking: ${formatFinding(finding)}`);
    console.error(
      `check-breaking: ${verdict.unlisted.length} breaking change(s) in ${against}. ` +
        `If intended, list each in ${INTENDED_FILE} (operation, pointer, reason).`,
    );
    process.exitCode = 1;
  } else {
    console.log(`check-breaking: no unlisted breaking change in ${against}.`);
  }
}
