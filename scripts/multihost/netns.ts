/**
 * The test's "machines": Linux network namespaces, each with one veth link to a bridge in the
 * root namespace (where the driver runs), all on one private /24. A host that loses its link is
 * cut off from every other host and from the driver, as a machine whose cable is pulled.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Every name starts with this, so leftovers of a crashed run are recognised (and only ours). */
const NS_PREFIX = 'atende-mh-';
const BRIDGE = 'atmh0';
/** A private /24 unlikely to be routed on a CI machine; the driver's bridge is .1. */
export const SUBNET = '10.213.77';
const LOCK = '/run/atende-multihost.pid';

export interface Host {
  /** Short name in the report: infra, b, c. */
  name: string;
  /** The network namespace (`ip netns exec <ns> …`). */
  ns: string;
  /** Its address on the shared link; its services bind it. */
  ip: string;
  /** The veth end inside the namespace (the one a partition takes down). */
  device: string;
}

function ip(...args: string[]): string {
  try {
    return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stderr = '' } = error as { stderr?: string };
    throw new Error(`ip ${args.join(' ')}: ${stderr.trim() || (error as Error).message}`, { cause: error });
  }
}

/**
 * The command prefix that runs a program on `host`: its network namespace and its own host name (a
 * UTS namespace; gateways name their fan-out consumer group after it, as on real machines). Every
 * step execs the next, so the pid started is the program's (signals and exit-with-parent work).
 */
export function inHost(host: Host): string[] {
  return [
    'ip',
    'netns',
    'exec',
    host.ns,
    'unshare',
    '--uts',
    '--',
    'sh',
    '-c',
    'hostname "$0" && exec "$@"',
    host.ns,
  ];
}

function ourNamespaces(): string[] {
  return ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((ns) => ns.startsWith(NS_PREFIX));
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes what an earlier run left behind (it crashed or was SIGKILLed before its cleanup): every
 * process still inside one of our namespaces is killed (only this test starts processes there),
 * then the namespaces and the bridge go. Refuses while another run of this test is alive.
 */
export function removeLeftovers(): void {
  if (existsSync(LOCK)) {
    const pid = Number(readFileSync(LOCK, 'utf8'));
    if (pid !== process.pid && pidAlive(pid)) {
      throw new Error(`another test:multihost run (pid ${pid}) is using the namespaces`);
    }
  }
  writeFileSync(LOCK, String(process.pid));
  for (const ns of ourNamespaces()) {
    for (const pid of ip('netns', 'pids', ns).split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
    ip('netns', 'del', ns);
  }
  if (ip('-o', 'link', 'show').includes(` ${BRIDGE}:`)) ip('link', 'del', BRIDGE);
}

/**
 * Creates the bridge (the driver's address `${SUBNET}.1`) and one namespace per name, with
 * addresses .2, .3, … in order. Call `destroyNetwork` afterwards, also after a failure.
 */
export function createNetwork(names: string[]): Host[] {
  removeLeftovers();
  ip('link', 'add', BRIDGE, 'type', 'bridge');
  ip('addr', 'add', `${SUBNET}.1/24`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
  const hosts = names.map((name, i): Host => {
    const host = { name, ns: `${NS_PREFIX}${name}`, ip: `${SUBNET}.${i + 2}`, device: 'eth0' };
    const outer = `atmh-${name}`.slice(0, 15);
    ip('netns', 'add', host.ns);
    ip('link', 'add', outer, 'type', 'veth', 'peer', 'name', 'tmp-atmh');
    ip('link', 'set', 'tmp-atmh', 'netns', host.ns);
    ip('-n', host.ns, 'link', 'set', 'tmp-atmh', 'name', host.device);
    ip('-n', host.ns, 'addr', 'add', `${host.ip}/24`, 'dev', host.device);
    ip('-n', host.ns, 'link', 'set', host.device, 'up');
    // Loopback too: some clients (the Kafka probe, PostgreSQL's own checks) use it.
    ip('-n', host.ns, 'link', 'set', 'lo', 'up');
    ip('link', 'set', outer, 'master', BRIDGE);
    ip('link', 'set', outer, 'up');
    return host;
  });
  return hosts;
}

/** Pulls (`false`) or plugs back (`true`) the host's cable: its veth end inside the namespace. */
export function setLink(host: Host, up: boolean): void {
  ip('-n', host.ns, 'link', 'set', host.device, up ? 'up' : 'down');
}

/**
 * Deletes the namespaces and the bridge. Processes still inside are killed first: a namespace
 * whose processes live on is only unnamed, not gone.
 */
export function destroyNetwork(): void {
  // Another run's namespaces (this one was refused at the start) are not this run's to delete.
  if (!existsSync(LOCK) || Number(readFileSync(LOCK, 'utf8')) !== process.pid) return;
  try {
    removeLeftovers();
  } finally {
    rmSync(LOCK, { force: true });
  }
}
