/** Request and reply schemas of the groups endpoints (the contract between web and server). */
import { z } from 'zod';
import { NAME_MAX_LENGTH } from './constants.ts';
import { uuidSchema } from './common.schemas.ts';
import { msg } from './messages.ts';

const groupNameSchema = z
  .string()
  .trim()
  .min(1, msg('groups.groupNameRequired'))
  .max(NAME_MAX_LENGTH, msg('groups.groupNameTooLong', { max: NAME_MAX_LENGTH }));

const subgroupBnSchema = z
  .string()
  .trim()
  .min(1, msg('groups.banglaNameRequired'))
  .max(NAME_MAX_LENGTH, msg('groups.banglaNameTooLong', { max: NAME_MAX_LENGTH }));

const subgroupEnSchema = z
  .string()
  .trim()
  .min(1, msg('groups.englishNameRequired'))
  .max(NAME_MAX_LENGTH, msg('groups.englishNameTooLong', { max: NAME_MAX_LENGTH }));

/** How many subgroups one request may add; a guard against oversized bodies, not a product rule. */
export const MAX_SUBGROUPS_PER_REQUEST = 100;

/** A subgroup as the client sends it (create group, add subgroups, rename a subgroup). */
export const subgroupInputSchema = z.object({
  sub_group_bn: subgroupBnSchema,
  sub_group_en: subgroupEnSchema,
});
export type SubgroupInput = z.infer<typeof subgroupInputSchema>;

const subgroupListSchema = z
  .array(subgroupInputSchema)
  .min(1, msg('groups.subgroupsRequired'))
  .max(MAX_SUBGROUPS_PER_REQUEST, msg('groups.subgroupsTooMany', { max: MAX_SUBGROUPS_PER_REQUEST }));

/** POST /groups */
export const createGroupBodySchema = z.object({
  group_name: groupNameSchema,
  sub_groups: subgroupListSchema,
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

/** PUT /groups/{id} */
export const renameGroupBodySchema = z.object({ group_name: groupNameSchema });
export type RenameGroupBody = z.infer<typeof renameGroupBodySchema>;

/** POST /groups/{id}/subgroups */
export const addSubgroupsBodySchema = z.object({ sub_groups: subgroupListSchema });
export type AddSubgroupsBody = z.infer<typeof addSubgroupsBodySchema>;

/** PUT /groups/{groupId}/{subId} */
export const renameSubgroupBodySchema = subgroupInputSchema;
export type RenameSubgroupBody = z.infer<typeof renameSubgroupBodySchema>;

/** Path of PUT/DELETE /groups/{groupId}/{subId}. */
export const subgroupParamsSchema = z.object({ groupId: uuidSchema, subId: uuidSchema });

/** A subgroup as the server returns it. */
export const subgroupSchema = z.object({
  _id: z.string(),
  sub_group_bn: z.string(),
  sub_group_en: z.string(),
});
export type Subgroup = z.infer<typeof subgroupSchema>;

/** A group with its live subgroups, oldest subgroup first. */
export const groupSchema = z.object({
  _id: z.string(),
  group_name: z.string(),
  sub_groups: z.array(subgroupSchema),
});
export type Group = z.infer<typeof groupSchema>;

/** GET /groups: live groups ordered by name. */
export const groupListReplySchema = z.object({ data: z.array(groupSchema) });
export type GroupListReply = z.infer<typeof groupListReplySchema>;

/** GET /groups/{id}/subgroups */
export const subgroupListReplySchema = z.object({ sub_groups: z.array(subgroupSchema) });
export type SubgroupListReply = z.infer<typeof subgroupListReplySchema>;

/** A subgroup with the group it belongs to (GET /groups/subgroups). */
export const subgroupWithGroupSchema = subgroupSchema.extend({ group_id: z.string() });
export type SubgroupWithGroup = z.infer<typeof subgroupWithGroupSchema>;

/** GET /groups/subgroups: every live subgroup of every live group. */
export const allSubgroupsReplySchema = z.object({ sub_groups: z.array(subgroupWithGroupSchema) });
export type AllSubgroupsReply = z.infer<typeof allSubgroupsReplySchema>;

/** Reply of the writes: the server's message (shown as the toast) and the group as it is now. */
export const groupWriteReplySchema = z.object({ message: z.string(), data: groupSchema });
export type GroupWriteReply = z.infer<typeof groupWriteReplySchema>;
