// A link's password on the wire: write-only (answers say only `password_protected`), 4 to 128
// characters as a person counts them (code points), any characters, spaces kept.
import * as z from 'zod/mini';

export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 128;

const PASSWORD_RULE = `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;

/** A password to set, or null to remove the link's password. */
export const Password = z.nullable(
  z.string({ error: 'The password must be text.' }).check(
    z.refine((password) => {
      const length = [...password].length;
      return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
    }, PASSWORD_RULE),
  ),
);
