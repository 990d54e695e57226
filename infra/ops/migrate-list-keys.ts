/**
 * Moves a deployed stage's data to the current format's list keys (functions/src/migrations/list-keys.ts, which
 * says each format's move: list-sort keys written again, a product's in-order search entries put). Run once after
 * deploying a version that brings a new format, with the deploying credentials; running it again changes nothing
 * more:
 *
 *   npm run migrate-list-keys -- --table cellar-production --region eu-west-3
 */
import { onStage } from './on-stage';

// Loaded once the table is named: the functions read their configuration when first used.
onStage('migrate-list-keys', async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys());
