import { md5 } from 'js-md5';

/** MD5 hex digest: the wire format of passwords and verification codes (spec 000 §3). */
export function md5hex(value: string): string {
  return md5(value);
}
