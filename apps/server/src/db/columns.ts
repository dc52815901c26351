/** Columns many tables share. */
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was written: set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
