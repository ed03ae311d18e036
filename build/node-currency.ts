// Whether the project's own Node (the exact `node` devDependency every npm script runs on) keeps
// up with Node 24. Offline and deterministic: "current" is what the lock file records for
// @types/node, whose minor follows Node's newest minor and moves whenever the lock is refreshed
// (it is a caret range). More than one minor behind it fails `npm test` with what to run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NodeCurrency {
  pinned: string;
  lockedTypes: string;
  running: string;
  problems: string[];
}

const parts = (v: string): [number, number, number] => {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  if (!m) throw new Error(`"${v}" is not a version`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

/** How many minor releases `pinned` is behind `current` within one major (0 when ahead). */
export function minorsBehind(pinned: string, current: string): number {
  const [pMajor, pMinor] = parts(pinned);
  const [cMajor, cMinor] = parts(current);
  if (pMajor !== cMajor) return pMajor < cMajor ? Infinity : 0;
  return Math.max(0, cMinor - pMinor);
}

export function checkNodeCurrency(o: { packageJson: string; lockJson: string; running: string }): NodeCurrency {
  const pkg = JSON.parse(o.packageJson) as { devDependencies?: Record<string, string> };
  const lock = JSON.parse(o.lockJson) as { packages?: Record<string, { version?: string }> };
  const pinned = pkg.devDependencies?.node ?? '';
  const lockedNode = lock.packages?.['node_modules/node']?.version ?? '';
  const lockedTypes = lock.packages?.['node_modules/@types/node']?.version ?? '';
  const problems: string[] = [];
  if (!/^\d+\.\d+\.\d+$/.test(pinned))
    problems.push(`the node devDependency must be an exact version, not "${pinned}"`);
  if (pinned !== lockedNode)
    problems.push(`package.json pins node ${pinned} but the lock file holds ${lockedNode}: run npm install`);
  if (problems.length === 0) {
    const behind = minorsBehind(pinned, lockedTypes);
    if (behind > 1)
      problems.push(
        `node ${pinned} is ${behind === Infinity ? 'a major' : `${behind} minor releases`} ` +
          `behind Node ${lockedTypes.replace(/\.\d+$/, '')} (the lock file's ` +
          `@types/node): run npm install node@${parts(lockedTypes)[0]} --save-exact`,
      );
    const [rMajor, rMinor] = parts(o.running);
    const [pMajor, pMinor] = parts(pinned);
    if (rMajor !== pMajor || rMinor !== pMinor)
      problems.push(
        `the tests run on Node ${o.running}, not the pinned ${pinned}: ` +
          `run them through npm (npm test), which uses the project's Node`,
      );
  }
  return { pinned, lockedTypes, running: o.running, problems };
}

export function checkRepo(root: string): NodeCurrency {
  return checkNodeCurrency({
    packageJson: readFileSync(join(root, 'package.json'), 'utf8'),
    lockJson: readFileSync(join(root, 'package-lock.json'), 'utf8'),
    running: process.versions.node,
  });
}
