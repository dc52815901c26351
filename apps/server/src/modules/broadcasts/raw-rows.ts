/** The rows of a raw statement (`db.execute`), which drizzle types as the driver's result. */
export async function rowsOf<Row>(query: Promise<unknown>): Promise<Row[]> {
  const result = (await query) as { rows: Row[] };
  return result.rows;
}
