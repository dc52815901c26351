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

/**
 * The position of a value-set column's value in its constant (0 for the first), as SQL: the order
 * of a value set that is not alphabetical (priorities: low < normal < high < urgent). Its text is
 * made of literals only, so that an index on it and a query ordering by it name the same expression.
 */
export function rankOf(column: AnyPgColumn, values: readonly string[]) {
  const cases = values.map((value, index) => `when ${literal(value)} then ${index}`).join(' ');
  return sql`(case ${column} ${sql.raw(cases)} end)`;
}
