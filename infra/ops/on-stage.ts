/**
 * What a one-shot operation on a deployed stage starts with: `--table` (and `--region`) read from its arguments and
 * set as the functions' configuration, then `run`, its result printed as JSON; a failure printed, exit code 1.
 */
import { parseArgs } from 'node:util';

export function onStage(script: string, run: () => Promise<unknown>): void {
  const usage = `Usage: npm run ${script} -- --table <table name> [--region <region>]`;
  const start = async () => {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: { table: { type: 'string' }, region: { type: 'string' } },
    });
    if (!values.table) throw new Error(usage);
    process.env.TABLE_NAME = values.table;
    if (values.region) process.env.AWS_REGION = values.region;
    console.log(JSON.stringify(await run()));
  };
  start().catch((e: Error) => {
    console.error(e.message);
    process.exitCode = 1;
  });
}
