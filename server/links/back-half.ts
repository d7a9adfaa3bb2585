import { randomInt } from 'node:crypto';
import { GENERATED_BACK_HALF_ALPHABET, GENERATED_BACK_HALF_LENGTH } from '../../contract/limits.ts';

/** A random back-half from a cryptographic source (randomInt has no modulo bias). */
export function generateBackHalf(): string {
  let backHalf = '';
  for (let i = 0; i < GENERATED_BACK_HALF_LENGTH; i++) {
    backHalf += GENERATED_BACK_HALF_ALPHABET[randomInt(GENERATED_BACK_HALF_ALPHABET.length)];
  }
  return backHalf;
}
