import type { MemberRole } from '@atende/events';
import type { GatewayHarness } from '../../testing/harness.js';

/* Test helpers of the workspace routes: one signed-in member per role, plus another workspace's owner. */

export const FOREIGN_WORKSPACE = 'outra';
export const AUDIT_STREAM = 'audit-minha-empresa';

export interface Cookies {
  owner: string;
  admin: string;
  supervisor: string;
  agent: string;
  /** The Owner of workspace 'outra'. */
  foreign: string;
}

let counter = 0;

/** Adds an Admin, a Supervisor and an Agente to Minha Empresa and an Owner of 'outra'; signs all in. */
export async function signInEveryone(gw: GatewayHarness, prefix: string): Promise<Cookies> {
  counter += 1;
  const tag = `${prefix}${counter}`;
  const add = (role: MemberRole, key: string, workspaceId?: string) =>
    gw.signInAsNewMember(`${key}-${tag}`, role, {
      name: `${key} ${tag}`,
      ...(workspaceId ? { workspaceId } : {}),
    });
  return {
    owner: await gw.loginDemo(),
    admin: await add('Admin', 'admin'),
    supervisor: await add('Supervisor', 'supervisor'),
    agent: await add('Agente', 'agente'),
    foreign: await add('Owner', 'u-outra', FOREIGN_WORKSPACE),
  };
}

/** Number of AccessDenied events in Minha Empresa's audit stream. */
export async function deniedCount(gw: GatewayHarness): Promise<number> {
  return (await gw.streamTypes(AUDIT_STREAM)).filter((t) => t === 'AccessDenied').length;
}
