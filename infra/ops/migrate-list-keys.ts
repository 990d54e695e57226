/**
 * Moves a deployed stage's data from format 11 to 12 (functions/src/migrations/list-keys.ts): each product's
 * list-sort keys written again with its code after their value. Run once after deploying the version that brings
 * format 12, with the deploying credentials; running it again changes nothing more:
 *
 *   npm run migrate-list-keys -- --table cellar-production --region eu-west-3
 */
import { onStage } from './on-stage';

// Loaded once the table is named: the functions read their configuration when first used.
onStage('migrate-list-keys', async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys());
