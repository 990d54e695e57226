/**
 * Characters no text of Cellar holds: the C0 controls but tab, line feed and carriage return, DEL and the C1
 * controls, and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a reference read
 * otherwise than it is stored ("CMD‮1-TXE" printed as "CMD-EXT1"). Refused once, where text enters: every body the
 * API reads (platform/http/pipeline.ts) and every cell an import reads (imports/templates.ts); the message names the field.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses.
export const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const isSafeText = (text: string) => !UNSAFE_TEXT.test(text);

/** The paths (`a.b.0.c`) of the strings in a JSON value, keys included, that hold an unsafe character. */
export function unsafeTextPaths(value: unknown, path = '', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!isSafeText(value)) out.push(path || 'body');
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      unsafeTextPaths(v, path ? `${path}.${i}` : String(i), out);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (!isSafeText(k)) out.push(at);
      else unsafeTextPaths(v, at, out);
    }
  }
  return out;
}
