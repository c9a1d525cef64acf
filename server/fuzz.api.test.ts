import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMember, loginCookie, type TestApp, testApp } from './test/app';
import { listen, openSocket } from './test/socket';
import { createTestStaff, staffCookie } from './test/staff';

/**
 * Every route of the OpenAPI document (and the few plain routes it leaves out) gets a fixed set of
 * malformed inputs, logged out, as a member and (console routes) as staff: bodies of every JSON
 * shape, strings with NUL, integers beyond the columns, broken multipart, wrong media types, bad
 * query and path parameters, and the methods a path does not have. None may answer 5xx or show a
 * stack trace. The inputs are derived from the document, so a new route is fuzzed without a change
 * here; nothing is random, so a failure repeats.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type Route = {
  method: string;
  /** The path with `{name}` placeholders. */
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
  multipart: boolean;
};

/** One request to send, and how to name it in a failure. */
type Input = {
  label: string;
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  contentType?: string;
  payload?: string | Buffer;
};

const HOST = 'main.test';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NUL = '\u0000';
const INT4_OVER = 2 ** 31;
const SAFE_OVER = 2 ** 53;
/** A JSON number no double holds: JSON.parse makes it Infinity. */
const RAW_HUGE = '1e309';
const LONG = 'a'.repeat(70_000);
/** A leaf that json() writes as RAW_HUGE. */
const HUGE_MARK = 'fuzz:huge-number';

/** Plain routes the document leaves out (pages, files, the demo checkout), with parameters. */
const HIDDEN_ROUTES: Route[] = [
  { method: 'GET', path: '/demo-checkout/{id}', params: [pathParam('id')], body: null, multipart: false },
  {
    method: 'POST',
    path: '/demo-checkout/{id}',
    params: [pathParam('id')],
    body: {
      type: 'object',
      properties: { outcome: { type: 'string', enum: ['paid'] } },
      required: ['outcome'],
    },
    multipart: false,
  },
  { method: 'GET', path: '/hero/{file}', params: [pathParam('file')], body: null, multipart: false },
  {
    method: 'GET',
    path: '/icons/{key}/{file}',
    params: [pathParam('key'), pathParam('file')],
    body: null,
    multipart: false,
  },
  { method: 'GET', path: '/media/{file}', params: [pathParam('file')], body: null, multipart: false },
];

function pathParam(name: string): Parameter {
  return { in: 'path', name, required: true, schema: { type: 'string' } };
}

function routesOf(doc: OpenApi): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? null;
      routes.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return [...routes, ...HIDDEN_ROUTES];
}

// ---------------------------------------------------------------------------------------------
// A valid-looking value for a schema, so that one broken field is the only thing wrong.

const UUID = '3f2a5b1c-0d4e-4f60-8a7b-9c8d7e6f5a4b';
const EMAIL = 'fuzz@example.test';
const HINTS: [RegExp, string][] = [
  [/email/, EMAIL],
  [/iban/, 'NL91ABNA0417164300'],
  [/region/, 'NL-DR'],
  [/password/, 'Fuzz-password-123'],
  [/birth|date|from|to$/, '1990-06-15'],
  [/country/, 'NL'],
  [/endpoint|url/, 'https://fcm.googleapis.com/fcm/send/fuzz'],
  [/path|landing/, '/fuzz'],
  [/domain|host/, 'main.test'],
];
const CANDIDATES = [
  'NL',
  'nl',
  'fuzzing',
  'fuzz@example.test',
  '1990-06-15',
  '2026-01-01T00:00:00.000Z',
  UUID,
  '/fuzz',
  'https://fcm.googleapis.com/fcm/send/fuzz',
  '1',
  'a',
];

function resolver(doc: OpenApi) {
  const resolve = (s: JsonSchema): JsonSchema => {
    let schema = s;
    for (let i = 0; schema.$ref && i < 10; i++) {
      schema = doc.components?.schemas?.[schema.$ref.split('/').pop() as string] ?? {};
    }
    return schema;
  };
  return resolve;
}

function fitsString(value: string, s: JsonSchema): boolean {
  if (s.minLength !== undefined && value.length < s.minLength) return false;
  if (s.maxLength !== undefined && value.length > s.maxLength) return false;
  if (s.pattern) {
    try {
      if (!new RegExp(s.pattern, 'u').test(value)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

function sampleString(s: JsonSchema, name: string): string {
  const hinted = HINTS.filter(([re]) => re.test(name)).map(([, v]) => v);
  if (s.format === 'uuid') return UUID;
  if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'email') return 'fuzz@example.test';
  const tries = [...hinted, ...CANDIDATES];
  for (const c of tries) if (fitsString(c, s)) return c;
  const min = s.minLength ?? 1;
  for (let n = min; n <= Math.max(min, 100); n++) {
    for (const ch of ['A', 'a', '1']) if (fitsString(ch.repeat(n), s)) return ch.repeat(n);
  }
  return 'a'.repeat(min);
}

/** Integer fields that name a row: the row the test made, so that a request gets past the lookup. */
type Known = Record<string, number>;

function sampler(resolve: (s: JsonSchema) => JsonSchema, known: Known) {
  const sample = (raw: JsonSchema, name: string, depth = 0): unknown => {
    const s = resolve(raw);
    if (depth > 8) return null;
    if (s.default !== undefined) return s.default;
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) {
      const choice = alternatives.find((a) => resolve(a).type !== 'null') ?? alternatives[0];
      return choice ? sample(choice, name, depth + 1) : null;
    }
    if (s.allOf) return Object.assign({}, ...s.allOf.map((a) => sample(a, name, depth + 1)));
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = sample(prop, key, depth + 1);
        return out;
      }
      case 'array': {
        const item = s.items ? sample(s.items, name, depth + 1) : 1;
        return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
      }
      case 'integer':
      case 'number': {
        if (known[name] !== undefined) return known[name];
        const exclusive = s.exclusiveMinimum === true ? 1 : 0;
        const low =
          typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? 1) + exclusive;
        return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
      }
      case 'boolean':
        return true;
      case 'string':
        return sampleString(s, name);
      default:
        return 'fuzz';
    }
  };
  return sample;
}

// ---------------------------------------------------------------------------------------------
// The malformed inputs.

type Leaf = { path: (string | number)[]; value: unknown };

function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function withLeaf(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

/** JSON text, with a marked leaf written as a number no double can hold. */
function json(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${HUGE_MARK}"`, RAW_HUGE);
}

const jsonInput = (label: string, text: string): Input => ({
  label,
  contentType: 'application/json',
  payload: text,
});

function multipart(boundary: string, fields: Record<string, string>, file: boolean): string {
  let out = '';
  for (const [name, value] of Object.entries(fields))
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  if (file)
    out += `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\r\n`;
  return `${out}--${boundary}--\r\n`;
}

function bodyInputs(route: Route, sample: (s: JsonSchema, name: string) => unknown): Input[] {
  const inputs: Input[] = [
    jsonInput('body null', 'null'),
    jsonInput('body 7', '7'),
    jsonInput('body "x"', '"x"'),
    jsonInput('body []', '[]'),
    jsonInput('body {}', '{}'),
    jsonInput('body true', 'true'),
    jsonInput('body 1e309', RAW_HUGE),
    jsonInput('body cut short', '{"a":'),
    jsonInput('body with a NUL key', json({ [`a${NUL}`]: 'x' })),
    { label: 'empty JSON body', contentType: 'application/json', payload: '' },
    { label: 'text/plain body', contentType: 'text/plain', payload: `x${NUL}` },
    { label: 'xml body', contentType: 'application/xml', payload: '<a/>' },
    { label: 'form body', contentType: 'application/x-www-form-urlencoded', payload: 'id=%00&a=1' },
    { label: 'json in utf-16', contentType: 'application/json; charset=utf-16', payload: '{}' },
    { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'x' },
    {
      label: 'multipart with an empty boundary',
      contentType: 'multipart/form-data; boundary=',
      payload: '--\r\n',
    },
    {
      label: 'multipart cut short',
      contentType: 'multipart/form-data; boundary=fuzz',
      payload:
        '--fuzz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8',
    },
    {
      label: 'multipart cut in the headers',
      contentType: 'multipart/form-data; boundary=fuzz',
      payload: '--fuzz\r\nContent-Disposition: form-da',
    },
    {
      label: 'multipart with no parts',
      contentType: 'multipart/form-data; boundary=fuzz',
      payload: '--fuzz--\r\n',
    },
  ];
  if (!route.body) return inputs;
  const base = sample(route.body, '');
  inputs.push(jsonInput('body sample', json(base)));
  for (const leaf of leaves(base)) {
    const at = leaf.path.join('.') || '(root)';
    const variants: [string, unknown][] = [];
    if (typeof leaf.value === 'string') {
      variants.push([`NUL in ${at}`, `${leaf.value}${NUL}`]);
      variants.push([`only NUL in ${at}`, NUL]);
      variants.push([`over-long ${at}`, LONG]);
      variants.push([`number for ${at}`, 7]);
    } else if (typeof leaf.value === 'number') {
      variants.push([`2^31 in ${at}`, INT4_OVER]);
      variants.push([`2^53 in ${at}`, SAFE_OVER]);
      variants.push([`-1 in ${at}`, -1]);
      variants.push([`1.5 in ${at}`, 1.5]);
      variants.push([`text for ${at}`, '12']);
      variants.push([`2^31 as text in ${at}`, String(INT4_OVER)]);
      variants.push([`1e309 in ${at}`, HUGE_MARK]);
    } else if (typeof leaf.value === 'boolean') {
      variants.push([`text for ${at}`, `true${NUL}`]);
    }
    for (const [label, value] of variants)
      inputs.push(jsonInput(label, json(withLeaf(base, leaf.path, value))));
  }
  if (route.multipart && base && typeof base === 'object') {
    const fields = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)]));
    for (const name of Object.keys(fields)) {
      for (const [label, value] of [
        [`multipart NUL in ${name}`, `${fields[name]}${NUL}`],
        [`multipart 2^31 in ${name}`, String(INT4_OVER)],
        [`multipart 2^53 in ${name}`, String(SAFE_OVER)],
      ] as const) {
        inputs.push({
          label,
          contentType: 'multipart/form-data; boundary=fuzz',
          payload: multipart('fuzz', { ...fields, [name]: value }, true),
        });
      }
    }
  }
  return inputs;
}

const BAD_PARAMS: [string, string | string[]][] = [
  ['NUL', NUL],
  ['text with NUL', `a${NUL}b`],
  ['2^31', String(INT4_OVER)],
  ['2^53', String(SAFE_OVER)],
  ['-1', '-1'],
  ['1e309', RAW_HUGE],
  ['a word', 'x'],
  ['over-long', 'a'.repeat(5000)],
  ['empty', ''],
  ['repeated', ['1', '2']],
];

function parameterInputs(route: Route, sample: (s: JsonSchema, name: string) => unknown) {
  const base = { path: {} as Record<string, string>, query: {} as Record<string, string> };
  for (const p of route.params) {
    const value = p.schema ? sample(p.schema, p.name) : 'fuzz';
    if (p.in === 'path') base.path[p.name] = String(value);
    if (p.in === 'query') base.query[p.name] = String(value);
  }
  const inputs: Input[] = [{ label: 'parameters sample', ...base }];
  for (const p of [...route.params, { in: 'query', name: 'unknown' }]) {
    for (const [label, value] of BAD_PARAMS) {
      if (p.in === 'path') {
        if (Array.isArray(value)) continue;
        inputs.push({
          label: `${label} in path ${p.name}`,
          ...base,
          path: { ...base.path, [p.name]: value },
        });
      } else if (p.in === 'query') {
        inputs.push({
          label: `${label} in query ${p.name}`,
          ...base,
          query: { ...base.query, [p.name]: value },
        });
      }
    }
  }
  return { base, inputs };
}

function url(route: Route, input: Input): string {
  let path = route.path;
  for (const [name, value] of Object.entries(input.path ?? {}))
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {}))
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A stack frame (`at fn (file:1:2)`) or a `stack` property in what the server answered. */
const STACK = /(^|\n|\\n)\s*at \S[^\n]*:\d+:\d+|"stack"\s*:/;

let t: TestApp;
let doc: OpenApi;
let staffId: number;
let known: Known;
beforeAll(async () => {
  t = await testApp();
  doc = t.app.swagger() as unknown as OpenApi;
  staffId = (await createTestStaff(t.db, 'admin')).id;
  // Someone to like, block, report and write to.
  const other = await createMember(t.db, { photo: {} });
  known = { member_id: other.id, photo_id: other.photo?.id ?? 1 };
});
afterAll(() => t?.close());

const CALLERS = ['logged out', 'member', 'staff'] as const;
type Caller = (typeof CALLERS)[number];

async function fuzz(caller: Caller, select: (route: Route) => boolean): Promise<string[]> {
  const resolve = resolver(doc);
  const sample = sampler(resolve, known);
  const routes = routesOf(doc).filter(select);
  expect(routes.length).toBeGreaterThan(0);
  const failures: string[] = [];
  let sent = 0;
  const paths = [...new Set(routes.map((r) => r.path))];
  for (const [r, route] of routes.entries()) {
    // A caller of its own for every route: what one route does to the session (log out, delete the
    // account) does not change what the next one sees.
    let cookie = '';
    if (caller === 'member') cookie = await loginCookie(t.db, (await createMember(t.db)).id);
    if (caller === 'staff') cookie = await staffCookie(t.db, staffId);
    const { base, inputs } = parameterInputs(route, sample);
    const all = [
      ...inputs,
      ...(WITH_BODY.has(route.method)
        ? bodyInputs(route, sample).map((input) => ({ ...base, ...input }))
        : []),
    ];
    for (const [i, input] of all.entries()) {
      const target = url(route, input);
      // A new address (and client address) each time: the first signup does not make the others
      // "account exists", and no rate limit answers in place of the route.
      const n = `${CALLERS.indexOf(caller)}-${r}-${i}`;
      const payload =
        typeof input.payload === 'string'
          ? input.payload.replaceAll(EMAIL, `fuzz-${n}@example.test`)
          : input.payload;
      const response = await t.app.inject({
        method: route.method as (typeof METHODS)[number],
        url: target,
        headers: {
          host: HOST,
          'x-requested-with': 'XMLHttpRequest',
          ...(cookie ? { cookie } : {}),
          ...(input.contentType ? { 'content-type': input.contentType } : {}),
        },
        remoteAddress: `10.${CALLERS.indexOf(caller)}.${r % 256}.${i % 256}`,
        ...(payload !== undefined ? { payload } : {}),
      });
      sent++;
      const body = response.body;
      if (response.statusCode >= 500 || STACK.test(body))
        failures.push(
          `${caller} ${route.method} ${target.slice(0, 160)} [${input.label}] → ${response.statusCode} ${body.slice(0, 200)}`,
        );
    }
  }
  // The methods a path does not have.
  for (const path of paths) {
    const own = new Set(routes.filter((r) => r.path === path).map((r) => r.method));
    const concrete = path.replace(/\{[^}]+\}/g, 'x');
    for (const method of METHODS) {
      if (own.has(method)) continue;
      const response = await t.app.inject({
        method,
        url: concrete,
        headers: { host: HOST, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { payload: '{}' }),
      });
      sent++;
      if (response.statusCode >= 500 || STACK.test(response.body))
        failures.push(`${caller} ${method} ${concrete} [unsupported method] → ${response.statusCode}`);
    }
  }
  expect(sent).toBeGreaterThan(routes.length);
  return failures;
}

const isConsole = (route: Route) => route.path.startsWith('/api/admin/');

describe('malformed input never answers 5xx nor shows a stack trace', () => {
  test('logged out, every route', { timeout: 120_000 }, async () => {
    expect(await fuzz('logged out', () => true)).toEqual([]);
  });

  test('as a member, every member route', { timeout: 120_000 }, async () => {
    expect(await fuzz('member', (route) => !isConsole(route))).toEqual([]);
  });

  test('as staff, every console route', { timeout: 120_000 }, async () => {
    expect(await fuzz('staff', isConsole)).toEqual([]);
  });
});

test('a socket frame with a NUL character is refused as invalid input, like a request', async () => {
  const { port } = await listen(t.app);
  const [sender, recipient] = [await createMember(t.db), await createMember(t.db)];
  const socket = await openSocket(port, { cookie: await loginCookie(t.db, sender.id) });
  try {
    const clientId = randomUUID();
    socket.send({ type: 'send', client_id: clientId, member_id: recipient.id, body: `hoi${NUL}` });
    expect(await socket.next('send_error', (e) => e.client_id === clientId)).toMatchObject({
      status: 400,
      error: 'invalid_input',
    });
  } finally {
    await socket.close();
  }
});
