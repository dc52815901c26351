/**
 * What the user forms hold (numbers as typed after +88) and how they become request bodies. The
 * shared schemas validate, so the form refuses exactly what the server would refuse.
 */
import {
  entryOf,
  ROLES,
  USER_TYPES,
  signupBodySchema,
  updateUserBodySchema,
  withCountryPrefix,
  type Role,
  type SignupBody,
  type UpdateUserBody,
  type User,
  type UserType,
} from '@switchboard/shared';
import type { Labels } from '../../lib/labels.ts';
import { validateWith, type FieldErrors, type Validated } from '../../lib/schema-form.ts';

export type { FieldErrors, Validated };

export interface UserDraft {
  name: string;
  numberEntry: string;
  phoneEntry: string;
  user_type: UserType | null;
  role: Role | null;
}

/** The Select options, in the interface's language (`useLabels()`). */
export const userTypeOptions = (labels: Labels) => USER_TYPES.map((value) => ({ value, label: labels.userType(value) }));
export const roleOptions = (labels: Labels) => ROLES.map((value) => ({ value, label: labels.role(value) }));

/** A Select's value back as a user type (null when cleared). */
export const asUserType = (value: string | null): UserType | null => USER_TYPES.find((type) => type === value) ?? null;
export const asRole = (value: string | null): Role | null => ROLES.find((role) => role === value) ?? null;

export const EMPTY_DRAFT: UserDraft = { name: '', numberEntry: '', phoneEntry: '', user_type: null, role: null };

export function draftOf(user: User): UserDraft {
  return {
    name: user.name,
    numberEntry: entryOf(user.product_number),
    phoneEntry: user.phone_number ? entryOf(user.phone_number) : '',
    user_type: user.user_type,
    role: user.role,
  };
}

export function validateSignup(draft: UserDraft): Validated<SignupBody> {
  return validateWith(signupBodySchema, {
    name: draft.name,
    product_number: withCountryPrefix(draft.numberEntry),
    phone_number: withCountryPrefix(draft.phoneEntry),
    user_type: draft.user_type ?? undefined,
    role: draft.role ?? undefined,
  });
}

/** The edit body; `created_at` goes along as the spec's client sends it (the server ignores it). */
export function validateUpdate(draft: UserDraft, createdAt: string): Validated<UpdateUserBody> {
  return validateWith(updateUserBodySchema, {
    name: draft.name,
    product_number: withCountryPrefix(draft.numberEntry),
    user_type: draft.user_type ?? undefined,
    role: draft.role ?? undefined,
    created_at: createdAt,
  });
}
