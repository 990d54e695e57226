/**
 * Moves a deployed stage's data from format 11 to 12 (functions/src/migrations/list-keys.ts): each product's
 * list-sort keys written again with its code after their value. Run once after deploying the version that brings
 * format 12, with the deploying credentials; running it again changes nothing more:
 *
 *   npm run migrate-list-keys -- --table cellar-production --region eu-west-3
 */
import { parseArgs } from 'node:util';

const USAGE = 'Usage: npm run migrate-list-keys -- --table <table name> [--region <region>]';

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { table: { type: 'string' }, region: { type: 'string' } },
  });
  if (!values.table) throw new Error(USAGE);
  process.env.TABLE_NAME = values.table;
  if (values.region) process.env.AWS_REGION = values.region;
  const { migrateListKeys } = await import('@cellar/functions/migrations/list-keys');
  console.log(JSON.stringify(await migrateListKeys()));
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exitCode = 1;
});
