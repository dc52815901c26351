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
import { validateWith, type FieldErrors, type Validated } from '../../lib/schema-form.ts';

export type { FieldErrors, Validated };

/** A subgroup row of a form; `key` keeps React's rows stable while rows come and go. */
export interface SubgroupDraft extends SubgroupInput {
  key: string;
}

let nextKey = 0;

export function newSubgroupDraft(): SubgroupDraft {
  nextKey += 1;
  return { key: `subgroup-${nextKey}`, sub_group_bn: '', sub_group_en: '' };
}

const inputsOf = (drafts: SubgroupDraft[]): SubgroupInput[] =>
  drafts.map(({ sub_group_bn, sub_group_en }) => ({ sub_group_bn, sub_group_en }));

export function validateCreateGroup(groupName: string, drafts: SubgroupDraft[]): Validated<CreateGroupBody> {
  return validateWith(createGroupBodySchema, { group_name: groupName, sub_groups: inputsOf(drafts) });
}

export function validateAddSubgroups(drafts: SubgroupDraft[]): Validated<AddSubgroupsBody> {
  return validateWith(addSubgroupsBodySchema, { sub_groups: inputsOf(drafts) });
}

export function validateGroupName(groupName: string): Validated<RenameGroupBody> {
  return validateWith(renameGroupBodySchema, { group_name: groupName });
}

export function validateSubgroupNames(names: SubgroupInput): Validated<SubgroupInput> {
  return validateWith(renameSubgroupBodySchema, names);
}
