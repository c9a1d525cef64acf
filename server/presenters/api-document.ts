type Document = {
  paths?: object;
  components?: { schemas?: object };
};

const CONSOLE_PREFIX = '/api/admin/';

/** The `#/components/schemas/…` names a part of the document refers to. */
function referencedSchemas(part: unknown, into: Set<string>): Set<string> {
  const text = JSON.stringify(part);
  for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) into.add(name as string);
  return into;
}

/**
 * The OpenAPI document for anyone: the members' and visitors' API, without the console's paths
 * and without the shared schemas only the console uses. Staff read the whole document at
 * /api/admin/docs.
 */
export function publicApiDocument<D extends Document>(doc: D): D {
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).filter(([path]) => !path.startsWith(CONSOLE_PREFIX)),
  );
  const all: Record<string, unknown> = { ...doc.components?.schemas };
  // Schemas refer to schemas: follow the references until nothing new is reached.
  const kept = referencedSchemas(paths, new Set());
  let grown = true;
  while (grown) {
    const before = kept.size;
    for (const name of [...kept]) referencedSchemas(all[name], kept);
    grown = kept.size > before;
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => kept.has(name)));
  return { ...doc, paths, components: { ...doc.components, schemas } };
}
