/**
 * Answers heavier than a buffered Lambda result may weigh (6 MB, serialized as the result's JSON). The grids offer
 * pages of 5,000 rows (spec 2 and 3), and 5,000 rows of a client's own data pass 6 MB; in AWS a buffered function
 * would then fail (Lambda refuses the result, API Gateway answers 502), so every API function streams its answers.
 * The local gateway refuses an over-weight buffered result as AWS does, so this test fails against a buffered one.
 */
import { addressFields } from '@cellar/shared/common/address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactItem, contactRecords } from '../../functions/src/contacts/repository';
import { batchPut } from '../../functions/src/data/table';
import { MAX_LAMBDA_RESPONSE } from '../../infra/local/gateway';
import { ADMIN1, type Harness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const ROWS = 5_000;

describe('an answer over 6 MB', () => {
  it('reaches the client whole: a page of 5,000 recipients whose comments are quotes to escape', {
    timeout: 180_000,
  }, async () => {
    // Prepare: 5,000 recipients of the admin's company, each comment 255 quotation marks (the field's maximum, and
    // the character that costs most once the answer is escaped into a buffered result).
    const token = await h.login(ADMIN1);
    const user = (await h.call('GET', '/api/auth/user', { token })).body;
    const now = new Date().toISOString();
    const contacts: ContactItem[] = Array.from({ length: ROWS }, (_, j) => ({
      id: `HEAVY-${j}`,
      type: 'recipient',
      code: `ZZHEAVY${String(j).padStart(5, '0')}`,
      ownerId: user.companyId,
      warehouseId: user.warehouseIds[0],
      segment: 'B2B',
      address: addressFields.parse({
        isCompany: true,
        company: `Cave "${j}"`,
        street: '4 quai des Chartrons',
        postcode: '33000',
        city: 'Bordeaux',
        country: 'FR',
      }),
      comment: '"'.repeat(255),
      services: [],
      createdAt: now,
      updatedAt: now,
      version: 1,
    }));
    await batchPut(contacts.flatMap((c) => [contactRecords.item(c), ...contactRecords.companionItems(c)]));

    // Act
    const res = await h.call(
      'GET',
      '/api/contacts?filter[type]=recipient&filter[code][startsWith]=ZZHEAVY&paginate=5000',
      {
        token,
      },
    );

    // Assess: every row, in an answer that a buffered result could not have carried.
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(ROWS);
    expect(res.body.data[ROWS - 1]).toMatchObject({ code: 'ZZHEAVY04999', comment: '"'.repeat(255) });
    const asBufferedResult = JSON.stringify({ statusCode: 200, headers: {}, body: res.text });
    expect(Buffer.byteLength(asBufferedResult)).toBeGreaterThan(MAX_LAMBDA_RESPONSE);
  });
});
