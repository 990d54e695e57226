import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export declare function documentClient(): DynamoDBDocumentClient;
export declare function s3Client(): S3Client;
export declare function sqsClient(): SQSClient;
