import { FILE_NAME_UNSAFE } from '@car/contracts';

/**
 * An uploaded file's own name, without its folder: multer reads the header's bytes as latin1, so a UTF-8
 * (Chinese) name is decoded again; characters a file name cannot hold become '_'.
 */
export function uploadName(original: string): string {
  const decoded = Buffer.from(original, 'latin1').toString('utf8');
  return (decoded.includes('\uFFFD') ? original : decoded)
    .replace(/^.*[\\/]/, '')
    .replace(FILE_NAME_UNSAFE, '_')
    .trim();
}
