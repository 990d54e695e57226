/**
 * The local DynamoDB on a directory, until the process is killed: the child process of crash.test.ts. Prints its
 * endpoint as one line of JSON once it listens.
 */
import { startDynamo } from './transactions';

const path = process.argv[2];
if (!path) throw new Error('usage: crash-child.ts <directory>');
const dynamo = await startDynamo({ path, createTableMs: 0 });
process.stdout.write(`${JSON.stringify({ endpoint: dynamo.endpoint })}\n`);
