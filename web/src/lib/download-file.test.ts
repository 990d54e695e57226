import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('Function: fileNameOf', () => {
  it.each([
    ['attachment; filename="recipients.csv"', 'recipients.csv'],
    ['attachment; filename=stock.csv', 'stock.csv'],
    ["attachment; filename*=UTF-8''r%C3%A9ceptions.csv", 'réceptions.csv'],
    [null, 'file.csv'],
    ['attachment', 'file.csv'],
  ])('reads %s as %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});
