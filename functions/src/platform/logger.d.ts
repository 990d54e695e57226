import { Logger } from '@aws-lambda-powertools/logger';
/** Structured JSON logs; the service name comes from POWERTOOLS_SERVICE_NAME in AWS. */
export declare const logger: Logger;
