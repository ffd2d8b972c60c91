import type { ProjectionDump, ReadModels } from '@atende/events';
import { CLOSED_WORKSPACE_COLLECTION } from '../erasure/workspace-erasure.js';
import { allProjections } from '../projections/index.js';

export type ReadModelDumps = Record<string, ProjectionDump>;

/** Everything every projection holds (tests compare live, rebuilt and erased read models). */
export async function dumpAllProjections(readModels: ReadModels): Promise<ReadModelDumps> {
  const out: ReadModelDumps = {};
  for (const p of allProjections) out[p.name] = await readModels.view(p.name).dump();
  return out;
}

/** The dumps without their checkpoints (a rebuild ends at another position than the live run). */
export function withoutCheckpoints(dumps: ReadModelDumps) {
  return Object.fromEntries(Object.entries(dumps).map(([k, d]) => [k, { docs: d.docs, indexes: d.indexes }]));
}

/** Every key, index or document that still names a deleted workspace, its closed marker aside. */
export function workspaceLeftovers(dumps: ReadModelDumps, workspaceId: string): string[] {
  const found: string[] = [];
  for (const [projection, dump] of Object.entries(dumps)) {
    for (const [collection, docs] of Object.entries(dump.docs)) {
      for (const [id, doc] of Object.entries(docs)) {
        if (collection === CLOSED_WORKSPACE_COLLECTION && id === workspaceId) continue;
        if (id.includes(workspaceId) || JSON.stringify(doc).includes(`"${workspaceId}"`)) {
          found.push(`${projection}/${collection}/${id}`);
        }
      }
    }
    for (const [name, entries] of Object.entries(dump.indexes)) {
      if (name.includes(workspaceId)) found.push(`${projection}/index ${name}`);
      for (const e of entries) {
        if (e.id.includes(workspaceId)) found.push(`${projection}/index ${name}/${e.id}`);
      }
    }
  }
  return found;
}
