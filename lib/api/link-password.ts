// A link's password (issue 34): write-only. It is sent as `password` on a create or update only to a
// service whose contract takes it (link-lifecycle.ts: withoutUnoffered), and never kept anywhere;
// answers say only `password_protected`, which a page shows only where the service offers it.
import * as z from 'zod/mini';
import { Password } from '../../contract/link-password.ts';
import { offersLinkField, type ServiceOffer } from './service-offer.ts';

export const PASSWORD_FIELD = 'password';
export const PROTECTED_FIELD = 'password_protected';

/** What an answer says of a link's password: left out when it says nothing readable. */
export type LinkProtection = { passwordProtected?: boolean };

/** A password to set, or null to remove the link's password; undefined leaves it as it is. */
export type PasswordChange = { password?: string | null };

export const PasswordInput = { password: z.optional(Password) };

const SAYS_NOTHING: LinkProtection = Object.freeze({});

export function readProtection(row: Record<string, unknown>): LinkProtection {
  const { password_protected } = row;
  return typeof password_protected === 'boolean'
    ? { passwordProtected: password_protected }
    : SAYS_NOTHING;
}

/** Whether a page shows the link as protected: it says so, and its service offers the field. */
export const isProtected = (link: LinkProtection, offer: ServiceOffer | undefined) =>
  link.passwordProtected === true && offersLinkField(offer, PROTECTED_FIELD);
