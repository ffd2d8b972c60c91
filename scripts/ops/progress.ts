import cliProgress from 'cli-progress';
import type { RebuildProgress, RebuildReport } from '@atende/projector';

/** A progress bar for rebuilds: position of head, events/s, ETA. Silent when stderr is not a terminal. */
export function rebuildProgressBar(label: string): {
  update(progress: RebuildProgress): void;
  stop(): void;
} {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} |{bar}| {percentage}% | {value}/{total} events | {rate} events/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let running = false;
  return {
    update({ position, head }) {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      const rate = Math.round(position / seconds).toLocaleString('en-US');
      if (!running) {
        bar.start(head, position, { rate });
        running = true;
      } else {
        bar.setTotal(head);
        bar.update(position, { rate });
      }
    },
    stop() {
      if (running) bar.stop();
    },
  };
}

export function printRebuildReport(report: RebuildReport, dryRun: boolean): void {
  const rate = report.elapsedMs > 0 ? Math.round((report.events / report.elapsedMs) * 1000) : 0;
  console.log(
    `\n${report.events.toLocaleString('en-US')} events up to position ${report.position} in ${(report.elapsedMs / 1000).toFixed(2)} s (${rate.toLocaleString('en-US')} events/s)`,
  );
  const header = dryRun ? `${'documents'.padStart(12)}${'index entries'.padStart(15)}  same as serving` : '';
  console.log(`${'projection'.padEnd(20)}${'events applied'.padStart(16)}${header}`);
  for (const p of report.projections) {
    const details = dryRun
      ? `${String(p.documents).padStart(12)}${String(p.indexEntries).padStart(15)}  ${p.identicalToServing ? 'yes' : 'NO'}`
      : '';
    console.log(`${p.name.padEnd(20)}${String(p.applied).padStart(16)}${details}`);
  }
  console.log(
    dryRun
      ? '\nDry run: the rebuilt versions were discarded; the serving read models are unchanged.'
      : '\nSwitched: the rebuilt read models now serve; the previous versions were dropped.',
  );
}
