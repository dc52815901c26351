/**
 * Rows of a prepared statement mapped by a function made once per statement (DESIGN.md §10).
 * drizzle maps every row by walking its selection again, asking of each column what kind of field
 * it is (`is()`, a walk up the prototype chain): 7% of a list request's CPU. The mapping here
 * makes the same objects with each column's decoder found once.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle keeps of a prepared select for its mapping (not part of its typed interface). */
interface MappedQuery {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** An SQL's decoder (drizzle keeps it on the object without typing it as public). */
const decoderOfSql = (value: SQL) => (value as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Whether drizzle would set an object of the selection to null: a left-joined table selected as
 * an object of its own is null when the join found no row. Such statements keep drizzle's mapping;
 * an object of the table the statement reads from, beside flat fields of a left join, does not.
 */
function nullsJoinedObjects(query: MappedQuery): boolean {
  const joins = query.joinsNotNullableMap;
  if (!joins) return false;
  return (query.fields ?? []).some(
    ({ path, field }) => path.length === 2 && is(field, Column) && !joins[getTableName(field.table)],
  );
}

function rowMapperOf(fields: NonNullable<MappedQuery['fields']>): (rows: unknown[][]) => Record<string, unknown>[] {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    name: path[path.length - 1] as string,
    decoder: decoderOf(field),
  }));
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index += 1) {
      const { parents, name, decoder } = columns[index] as (typeof columns)[number];
      let node = result;
      for (const parent of parents) node = (node[parent] ??= {}) as Record<string, unknown>;
      const value = row[index];
      node[name] = value === null ? null : decoder.mapFromDriverValue(value);
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/** The prepared statement, its rows now mapped by a function made for it (or by drizzle, see above). */
export function withCompiledRows<T>(prepared: T): T {
  const query = prepared as MappedQuery;
  if (query.fields && !query.customResultMapper && !nullsJoinedObjects(query))
    query.customResultMapper = rowMapperOf(query.fields);
  return prepared;
}
