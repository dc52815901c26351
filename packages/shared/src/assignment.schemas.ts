/** Request and reply schemas of the assignment endpoint (DESIGN.md §19: a person on each ticket). */
import { z } from 'zod';
import { DEPARTMENTS, USER_SEARCH_MAX_LENGTH } from './constants.ts';
import { optionalQuery, pageNumberQuery, uuidSchema } from './common.schemas.ts';
import { msg } from './messages.ts';

/** The staff member a ticket is assigned to, as staff read it (never sent to agents or customers). */
export const assigneeSchema = z.object({ id: z.string(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** The words of the list's `assignee` filter besides a user's id. */
export const ASSIGNEE_FILTER_WORDS = ['me', 'none'] as const;

/** `assignee=me | none | {user id}` on the ticket list (staff only). */
export const assigneeFilterSchema = z.union([z.enum(ASSIGNEE_FILTER_WORDS), uuidSchema], {
  error: msg('assignment.assigneeFilter'),
});
export type AssigneeFilter = z.infer<typeof assigneeFilterSchema>;

/**
 * POST /tickets/{id}/assign. `user_id` is the staff member to take the ticket (the sender's own id
 * to take it), or null to release it. `expected_assignee_user_id` is the assignee the sender's page
 * showed (null: nobody); when the stored one differs the server answers 409, so that nobody takes
 * or hands on a ticket a colleague took meanwhile. Left out, the assignment is not checked.
 */
export const assignTicketBodySchema = z.object({
  user_id: uuidSchema.nullable(),
  expected_assignee_user_id: uuidSchema.nullable().optional(),
});
export type AssignTicketBody = z.infer<typeof assignTicketBodySchema>;

export const assignTicketReplySchema = z.object({
  message: z.string(),
  assignee: assigneeSchema.nullable(),
});
export type AssignTicketReply = z.infer<typeof assignTicketReplySchema>;

/** Staff a page of GET /staff holds. */
export const STAFF_PAGE_SIZE = 20;

/**
 * GET /staff?department=&q=&page= (staff only): the live staff of a department (all departments
 * without one), by name, 20 a page; `q` matches part of a name. The read behind the assignee picker.
 */
export const staffQuerySchema = z.object({
  department: optionalQuery(z.enum(DEPARTMENTS, msg('assignment.department'))),
  q: optionalQuery(
    z
      .string()
      .trim()
      .max(USER_SEARCH_MAX_LENGTH, msg('assignment.staffSearchTooLong', { max: USER_SEARCH_MAX_LENGTH })),
  ),
  page: pageNumberQuery(),
});
export type StaffQuery = z.infer<typeof staffQuerySchema>;

/** A staff member as a picker shows them: no number, no role. */
export const staffMemberSchema = z.object({ id: z.string(), name: z.string(), department: z.enum(DEPARTMENTS) });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffReplySchema = z.object({
  data: z.array(staffMemberSchema),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type StaffReply = z.infer<typeof staffReplySchema>;
