// `make check-breaking`: fails when openapi/proxy.yaml breaks the browser against the main branch's version
// (tests/contract/lib/breaking-base.ts says which) unless openapi/intended-breaking-changes.yaml lists the
// change with its reason. `BREAKING_BASE=<rev> make check-breaking` compares with another revision;
// `node scripts/check-breaking.ts <repository>` checks another checkout (the tests' small repositories).
// With CI=true a check that cannot compare fails with its reason (issue 32: no silent skips), unless
// the contract is new in this revision; a shallow clone is deepened by one commit first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBreaking, INTENDED_FILE, PROXY_CONTRACT } from '../tests/contract/lib/breaking-base.ts';
import { formatFinding } from '../tests/contract/lib/breaking.ts';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
let { base, verdict } = checkBreaking(root);
const git = (...args: string[]) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
if ('skip' in base && git('rev-parse', '--is-shallow-repository').stdout.trim() === 'true') {
  git('fetch', '--quiet', '--deepen=1');
  ({ base, verdict } = checkBreaking(root));
}

if ('skip' in base || !verdict) {
  const reason = 'skip' in base ? base.skip : 'nothing to compare';
  const newContract = reason.startsWith(`${PROXY_CONTRACT} does not exist in`);
  if (process.env.CI && !newContract) {
    console.error(`check-breaking: cannot run, ${reason} (CI=true: a check that cannot run fails).`);
    process.exitCode = 1;
  } else console.log(`check-breaking: skipped, ${reason}.`);
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
