/**
 * Staff's notification bell (DESIGN.md §26): each staff member reads and marks only their own
 * items; the scan of the warnings and low ratings write them (inbox.repository.ts, tellInbox).
 */
import {
  AppError,
  canUseInbox,
  INBOX_PAGE_SIZE,
  type InboxItem,
  type InboxQuery,
  type InboxReadBody,
  type InboxReply,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { countUnread, listInboxPage, markInboxRead, type InboxItemRow } from './inbox.repository.ts';

function assertCanUseInbox(viewer: Actor): void {
  if (!canUseInbox(viewer)) throw new AppError('forbidden', 'inbox.staffOnly');
}

function present(row: InboxItemRow): InboxItem {
  return {
    id: row.id,
    kind: row.kind,
    ticket_id: row.ticketId,
    ticket_title: row.ticketTitle,
    department: row.department,
    score: row.score,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** The viewer's items, newest first, a page at a time (`before` the last id seen), and their unread count. */
export async function listInbox(db: Db, viewer: Actor, query: InboxQuery): Promise<InboxReply> {
  assertCanUseInbox(viewer);
  const rows = await listInboxPage(db, viewer.id, query.before, INBOX_PAGE_SIZE);
  return {
    data: rows.slice(0, INBOX_PAGE_SIZE).map(present),
    unread: await countUnread(db, viewer.id),
    has_more: rows.length > INBOX_PAGE_SIZE,
  };
}

/** Marks the viewer's items read (another person's ids change nothing); the unread count left. */
export async function readInbox(db: Db, viewer: Actor, body: InboxReadBody): Promise<{ unread: number }> {
  assertCanUseInbox(viewer);
  await markInboxRead(db, viewer.id, 'all' in body ? 'all' : body.ids);
  return { unread: await countUnread(db, viewer.id) };
}
