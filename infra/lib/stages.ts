import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGE_NAMES = ['dev', 'staging', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** What differs between stages; everything not here is the same in all three. */
export interface Stage {
  readonly name: StageName;
  /**
   * The table and the buckets outlive their stack (and the table cannot be deleted by mistake, and can be restored
   * to any second of the last 35 days). Elsewhere they go with the stack, the buckets emptied first.
   */
  readonly retainData: boolean;
  /** The functions' log groups. */
  readonly functionLogRetention: RetentionDays;
  /** The REST API's access logs. */
  readonly accessLogRetention: RetentionDays;
}

export const STAGES: Readonly<Record<StageName, Stage>> = {
  dev: {
    name: 'dev',
    retainData: false,
    functionLogRetention: RetentionDays.ONE_WEEK,
    accessLogRetention: RetentionDays.ONE_WEEK,
  },
  staging: {
    name: 'staging',
    retainData: false,
    functionLogRetention: RetentionDays.ONE_MONTH,
    accessLogRetention: RetentionDays.ONE_MONTH,
  },
  prod: {
    name: 'prod',
    retainData: true,
    functionLogRetention: RetentionDays.THREE_MONTHS,
    accessLogRetention: RetentionDays.ONE_YEAR,
  },
};

/** The stage an `env` is when the context names none: `production` is prod, `staging` and `dev` are themselves. */
const STAGE_OF_ENV: Readonly<Record<string, StageName>> = { production: 'prod', staging: 'staging', dev: 'dev' };

/**
 * The stage of an environment: the context's `stage` when given, else the one its `env` name implies. Any other
 * env name (a second production, a personal sandbox) must say its stage: guessing would either lose data or keep it.
 */
export function stageOf(appEnv: string, stage: string | undefined): Stage {
  const name = stage ?? STAGE_OF_ENV[appEnv];
  if (name === undefined) {
    throw new Error(`Context env "${appEnv}" needs a stage: -c stage=${STAGE_NAMES.join('|')}`);
  }
  if (!(STAGE_NAMES as readonly string[]).includes(name)) {
    throw new Error(`Context stage must be one of ${STAGE_NAMES.join(', ')}, got "${name}"`);
  }
  return STAGES[name as StageName];
}

/** Retained in prod; elsewhere deleted with the stack. */
export const removalPolicyOf = (stage: Stage) => (stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);
