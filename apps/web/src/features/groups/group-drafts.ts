/** What the group forms hold and how they become request bodies, validated by the shared schemas. */
import {
  addSubgroupsBodySchema,
  createGroupBodySchema,
  renameGroupBodySchema,
  renameSubgroupBodySchema,
  type AddSubgroupsBody,
  type CreateGroupBody,
  type RenameGroupBody,
  type SubgroupInput,
} from '@switchboard/shared';
import type { z } from 'zod';

/** A subgroup row of a form; `key` keeps React's rows stable while rows come and go. */
export interface SubgroupDraft extends SubgroupInput {
  key: string;
}

/** Field errors keyed by the schema path (`group_name`, `sub_groups.0.sub_group_bn`, ...). */
export type FieldErrors = Partial<Record<string, string>>;

export type Validated<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

let nextKey = 0;

export function newSubgroupDraft(): SubgroupDraft {
  nextKey += 1;
  return { key: `subgroup-${nextKey}`, sub_group_bn: '', sub_group_en: '' };
}

const inputsOf = (drafts: SubgroupDraft[]): SubgroupInput[] =>
  drafts.map(({ sub_group_bn, sub_group_en }) => ({ sub_group_bn, sub_group_en }));

export function validateCreateGroup(groupName: string, drafts: SubgroupDraft[]): Validated<CreateGroupBody> {
  return collect(createGroupBodySchema.safeParse({ group_name: groupName, sub_groups: inputsOf(drafts) }));
}

export function validateAddSubgroups(drafts: SubgroupDraft[]): Validated<AddSubgroupsBody> {
  return collect(addSubgroupsBodySchema.safeParse({ sub_groups: inputsOf(drafts) }));
}

export function validateGroupName(groupName: string): Validated<RenameGroupBody> {
  return collect(renameGroupBodySchema.safeParse({ group_name: groupName }));
}

export function validateSubgroupNames(names: SubgroupInput): Validated<SubgroupInput> {
  return collect(renameSubgroupBodySchema.safeParse(names));
}

function collect<T>(result: z.ZodSafeParseResult<T>): Validated<T> {
  if (result.success) return { ok: true, body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}
