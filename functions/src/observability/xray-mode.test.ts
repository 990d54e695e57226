import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tracer = fileURLToPath(new URL('./tracer.ts', import.meta.url));

/** The X-Ray context namespaces a fresh process holds once the Tracer has loaded, under the given environment. */
function namespacesWith(env: Record<string, string>): string[] {
  const script = `import(${JSON.stringify(tracer)}).then(() => console.log(JSON.stringify(Object.keys(process.namespaces ?? {}))))`;
  const { AWS_LAMBDA_FUNCTION_NAME: _, AWS_XRAY_MANUAL_MODE: __, ...rest } = process.env;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...rest, ...env, NODE_NO_WARNINGS: '1' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '[]');
}

describe('the X-Ray SDK mode', () => {
  it('hooks no promise outside Lambda, where nothing is traced', () => {
    expect(namespacesWith({})).toEqual([]);
  });

  it('keeps its automatic context in Lambda, where the Tracer follows each invocation', () => {
    expect(namespacesWith({ AWS_LAMBDA_FUNCTION_NAME: 'cellar-orders' })).toEqual(['AWSXRay']);
  });
});
