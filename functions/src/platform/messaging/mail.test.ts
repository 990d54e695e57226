import { describe, expect, it } from 'vitest';
import { redactLinks } from './mail';

describe('redactLinks', () => {
  it('replaces the token of every link, and only it', () => {
    const text =
      'Choose: https://cellar.test/reset-password?email=a%40b.test&token=abc_DEF-123\nor https://x.test/new-user?token=zz&email=c';
    expect(redactLinks(text)).toBe(
      'Choose: https://cellar.test/reset-password?email=a%40b.test&token=[redacted]\nor https://x.test/new-user?token=[redacted]&email=c',
    );
    expect(redactLinks('no link here')).toBe('no link here');
  });
});
