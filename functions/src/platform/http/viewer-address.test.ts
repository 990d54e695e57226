import { describe, expect, it } from 'vitest';
import { clientAddress, viewerIp } from './viewer-address';

describe('Function: viewerIp', () => {
  it.each([
    ['198.51.100.10:46532', '198.51.100.10'],
    ['2001:db8:85a3::8a2e:370:7334:46532', '2001:db8:85a3::8a2e:370:7334'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['::1:8080', '::1'],
    ['::ffff:203.0.113.9:1234', '::ffff:203.0.113.9'],
  ])('reads the IP of %s as %s', (value, ip) => {
    expect(viewerIp(value)).toBe(ip);
  });

  it.each([
    [undefined],
    [''],
    ['198.51.100.10'], // no port: the last group would be taken for one
    ['198.51.100.10:'],
    ['198.51.100.10:port'],
    ['999.51.100.10:443'],
    ['not-an-address:443'],
    [':443'],
    ['198.51.100.10, 203.0.113.1:443'],
  ])('refuses %j', (value) => {
    expect(viewerIp(value)).toBeUndefined();
  });
});

describe('Function: clientAddress', () => {
  const headers = { 'cloudfront-viewer-address': '203.0.113.7:50000' };

  it('takes the viewer address CloudFront reports when the API sits behind CloudFront', () => {
    expect(clientAddress(headers, '130.176.1.1', true)).toBe('203.0.113.7');
  });

  it('ignores the header when the API is reached directly (locally): anyone could send it', () => {
    expect(clientAddress(headers, '127.0.0.1', false)).toBe('127.0.0.1');
  });

  it('keeps the connection address behind CloudFront when the header is missing or unreadable', () => {
    expect(clientAddress({}, '130.176.1.1', true)).toBe('130.176.1.1');
    expect(clientAddress({ 'cloudfront-viewer-address': 'garbage' }, '130.176.1.1', true)).toBe('130.176.1.1');
  });
});
