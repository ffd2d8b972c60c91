import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What builds read models: the projections, the domain (events, upcasters), the store and the adapters. */
const PACKAGES = ['@atende/projector', '@atende/events', '@atende/event-store', '@atende/read-models'];

/** Source files of `dir` and below, tests aside, sorted. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|js)$/.test(f) && !/\.test\.(ts|js)$/.test(f))
    .sort();
}

/**
 * Which code makes each projection: a hash of the sources every projection shares (domain, store,
 * adapters, runner) and of the projection's own folder (`projections/<name>/`). A projection whose
 * hash differs from the one its stored version was built with is rebuilt blue/green in the
 * background, so changing a projection never serves what other code made for longer than a rebuild,
 * and changing another leaves it as it is.
 */
export function readModelCodeVersions(names: readonly string[]): Map<string, string> {
  try {
    const require = createRequire(import.meta.url);
    const shared = createHash('sha256');
    const own = new Map(names.map((name) => [name, createHash('sha256')]));
    for (const pkg of PACKAGES) {
      const dir = path.dirname(require.resolve(pkg));
      for (const file of sourceFiles(dir)) {
        const folder = /^projections[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
        // A folder no projection is named after is shared code: changing it rebuilds them all.
        const hash = (folder !== undefined && own.get(folder)) || shared;
        hash.update(`${pkg}/${file}\n`);
        hash.update(readFileSync(path.join(dir, file)));
      }
    }
    const common = shared.digest('hex');
    return new Map(names.map((name) => [name, `${common}:${own.get(name)!.digest('hex')}`]));
  } catch {
    // Sources out of reach (a bundled build): which code made the stored versions cannot be told,
    // so every start rebuilds them all in the background rather than trust them.
    const unknown = `unknown:${randomUUID()}`;
    return new Map(names.map((name) => [name, unknown]));
  }
}
