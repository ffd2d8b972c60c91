/**
 * test:reliability's settings: the RELIABILITY_* environment variables (a value that is not a whole
 * number ends the run with exit code 2 before anything starts) and the sizes that are fixed.
 */
import { randomInt } from 'node:crypto';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number ≥ 0, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

export const settings = {
  seed: intEnv('RELIABILITY_SEED', randomInt(1, 2 ** 31 - 1)),
  messages: intEnv('RELIABILITY_MESSAGES', 20_000),
  customers: 500,
  kills: intEnv('RELIABILITY_KILLS', 10),
  redeliveryMessages: intEnv('RELIABILITY_REDELIVERY_MESSAGES', 4_000),
  redeliveryCustomers: 200,
  soakSeconds: intEnv('RELIABILITY_SOAK_SECONDS', 600),
  soakRate: intEnv('RELIABILITY_SOAK_RATE', 200),
  soakCustomers: 500,
  concurrency: 32,
};
