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
import { onStage } from './on-stage';

// Loaded once the table is named: the functions read their configuration when first used.
onStage('migrate-ledger', async () => (await import('@cellar/functions/migrations/ledger')).migrateLedger());
