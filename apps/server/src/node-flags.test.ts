import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_NODE_FLAGS, SERVER_NODE_FLAGS } from './node-flags.js';

const repoFile = (name: string) => fileURLToPath(new URL(`../../../${name}`, import.meta.url));

describe('every server process is started with its Node flags wherever it runs', () => {
  const scripts = (
    JSON.parse(readFileSync(repoFile('package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;

  it.each(['start', 'bench:ingest', 'bench:api', 'bench:fanout', 'bench:memory', 'bench:replay'])(
    'npm run %s',
    (name) => {
      const words = scripts[name]!.split(' ');
      for (const flag of EMBEDDED_NODE_FLAGS)
        expect(words.slice(0, words.indexOf('--import'))).toContain(flag);
    },
  );

  it("the Dockerfile's command", () => {
    const cmd = readFileSync(repoFile('Dockerfile'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    const argv = JSON.parse(cmd!.slice(4)) as string[];
    expect(argv[0]).toBe('node');
    for (const flag of EMBEDDED_NODE_FLAGS) expect(argv.slice(0, argv.indexOf('--import'))).toContain(flag);
  });

  it('each role of docker-compose.yml', () => {
    // Each role's `command:` is a YAML flow sequence of quoted strings (prettier may fold it over lines).
    const compose = readFileSync(repoFile('docker-compose.yml'), 'utf8');
    const commands = [...compose.matchAll(/command:\s*(\[[^\]]*\])/g)]
      .map((match) => JSON.parse(match[1]!.replaceAll("'", '"').replace(/,\s*\]$/, ']')) as string[])
      .filter((argv) => argv.includes('apps/server/src/main.ts'));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const argv of commands) {
      expect(argv[0]).toBe('node');
      expect(argv).toContain('--role');
      for (const flag of SERVER_NODE_FLAGS) expect(argv.slice(0, argv.indexOf('--import'))).toContain(flag);
    }
  });
});
