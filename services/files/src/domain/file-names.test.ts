import { describe, expect, it } from '@jest/globals';
import { safeContentType } from './file-names.ts';

describe('the type a download is served as', () => {
  it.each([
    'text/xsl',
    'application/rss+xml',
    'application/mathml+xml',
    'multipart/x-mixed-replace',
    'text/html',
    'image/svg+xml',
    'application/xhtml+xml',
    'text/javascript',
    'application/json',
    'text/css',
    'application/x-unknown',
    'not a type',
    '',
  ])('when a file was declared as %j, then it is served as application/octet-stream', (declared) => {
    expect(safeContentType(declared)).toBe('application/octet-stream');
  });

  it.each([
    ['application/pdf', 'application/pdf'],
    ['image/png', 'image/png'],
    ['IMAGE/JPEG', 'image/jpeg'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', null],
    ['application/vnd.oasis.opendocument.spreadsheet', null],
    ['text/plain; charset=utf-8', 'text/plain'],
    ['text/csv', 'text/csv'],
    ['application/zip', 'application/zip'],
    ['audio/mpeg', 'audio/mpeg'],
    ['video/mp4', 'video/mp4'],
  ])('when a file was declared as %j, then it is served as declared', (declared, served) => {
    expect(safeContentType(declared)).toBe(served ?? declared);
  });
});
