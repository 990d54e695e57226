/**
 * Moves a deployed stage's data from format 9 to 10 (functions/src/migrations/ledger.ts): the marks each stock line and
 * product kept per document removed, the products' stock summaries computed again from their lines, each line's lot
 * claimed, and any change a crash left half-applied recorded for the sweep to finish. Run once after deploying the
 * version that brings format 10, with the deploying credentials; running it again changes nothing more:
 *
 *   npm run migrate-ledger -- --table cellar-production --region eu-west-3
 *
 * Then run the sweep function once (or wait for its schedule) to finish the recorded changes.
 */
import { parseArgs } from 'node:util';

const USAGE = 'Usage: npm run migrate-ledger -- --table <table name> [--region <region>]';

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { table: { type: 'string' }, region: { type: 'string' } },
  });
  if (!values.table) throw new Error(USAGE);
  process.env.TABLE_NAME = values.table;
  if (values.region) process.env.AWS_REGION = values.region;
  const { migrateLedger } = await import('@cellar/functions/migrations/ledger');
  console.log(JSON.stringify(await migrateLedger()));
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exitCode = 1;
});
