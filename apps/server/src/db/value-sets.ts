/**
 * Value-set columns: text typed by drizzle from the shared constants, held to those values by a
 * CHECK constraint. A CHECK rather than a PostgreSQL enum because a value set grows by replacing
 * one constraint in an ordinary migration, while `ALTER TYPE … ADD VALUE` cannot be used in the
 * transaction that adds it and an enum value can never be removed (docs/decisions.md).
 */
import { sql } from 'drizzle-orm';
import { check, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A SQL string literal; the values come from our own constants, never from a request. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `CHECK (column in (values))` named `<table>_<column>_check`, as PostgreSQL would name it. */
export function oneOf(table: string, column: AnyPgColumn, values: readonly string[]) {
  return check(`${table}_${column.name}_check`, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);
}
