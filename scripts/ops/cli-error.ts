/** An expected problem with what the operator asked: printed as one line, exit code 2. */
export class CliError extends Error {}

/** Runs a CLI main: expected errors become one line on stderr and exit code 2, never a stack trace. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof CliError) {
        console.error(`erro: ${error.message}`);
        process.exit(2);
      }
      console.error(error);
      process.exit(1);
    },
  );
}
