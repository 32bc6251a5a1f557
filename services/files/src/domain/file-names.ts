const MAX_NAME_BYTES = 255;

/**
 * A name safe to store and to send back: no folders, no control characters, NFC, at most 255 bytes with the
 * extension kept. Nothing else is refused: the name is only ever data, never a path.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!name) return 'file';
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  let stem = Array.from(name.slice(0, name.length - extension.length));
  while (stem.length > 0 && encoder.encode(stem.join('') + extension).length > MAX_NAME_BYTES) stem = stem.slice(0, -1);
  name = stem.join('') + extension;
  return name || 'file';
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback and the RFC 6266 filename*. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The types served as declared: documents, raster images, plain text and tables, archives, audio and video.
 * Everything else (markup, scripts, feeds, stylesheets, multipart streams, unknown types) is sent as plain bytes.
 */
const SERVED_AS_DECLARED = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/tiff',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
  'text/csv',
  'text/vtt',
  'application/zip',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/flac',
  'video/mp4',
  'video/mpeg',
  'video/ogg',
  'video/webm',
  'video/quicktime',
]);

/** The declared type when it is on the allow-list (parameters dropped), application/octet-stream otherwise. */
export function safeContentType(fileType: string): string {
  const mediaType = (fileType.split(';')[0] ?? '').trim().toLowerCase();
  return SERVED_AS_DECLARED.has(mediaType) ? mediaType : 'application/octet-stream';
}
