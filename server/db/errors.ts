/**
 * Whether a statement failed with this PostgreSQL code (SQLSTATE). The drivers put the code on the
 * error, drizzle on the cause of the error it wraps the driver's in; both are read.
 */
function failedWith(err: unknown, state: string): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === state || e?.cause?.code === state;
}

/** A unique index refused the row (23505): someone else got there first. */
export const isUniqueViolation = (err: unknown) => failedWith(err, '23505');

/** A foreign key refused the change (23503): a row still refers to the one it touches. */
export const isForeignKeyViolation = (err: unknown) => failedWith(err, '23503');
