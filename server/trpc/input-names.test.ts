import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './router.ts';

// Every procedure's input names its fields in camelCase, like every output; the columns stay
// snake_case and the server maps them at its boundary. The walk reads each input schema as JSON
// Schema (zod 4), so nested objects, arrays, unions and lazy parts are all reached.

/** Inputs that keep a snake_case name because something outside the project names it so. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // The names of the ad links' query parameters (Google's UTM convention), which the sell form
  // copies from the landing URL as they are and the enquiry keeps in columns of the same names.
  'lead.submit utm_source': 'a UTM query parameter',
  'lead.submit utm_medium': 'a UTM query parameter',
  'lead.submit utm_campaign': 'a UTM query parameter',
  'lead.submit utm_content': 'a UTM query parameter',
  'lead.submit utm_term': 'a UTM query parameter',
  // The sell form's public contract: a page opened before a deploy keeps sending these names, and
  // a renamed field would refuse that seller's submission (nothing of a lead may be lost).
  'lead.submit meta_event_id': 'sent by sell-form pages already open in browsers',
  'lead.submit photo_upload_ids': 'sent by sell-form pages already open in browsers',
};

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every property name an input schema declares, however deeply it is nested. */
function propertyNames(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) propertyNames(item, into);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isObject(value)) for (const name of Object.keys(value)) into.add(name);
      propertyNames(value, into);
    }
  }
  return into;
}

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>;

function inputNames(): Array<{ path: string; name: string }> {
  return Object.entries(procedures).flatMap(([path, procedure]) =>
    procedure._def.inputs.flatMap((input) => {
      const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' });
      return [...propertyNames(schema)].map((name) => ({ path, name }));
    }),
  );
}

describe('procedure inputs', () => {
  const names = inputNames();

  it('are read for every procedure', () => {
    // A walk that reached nothing would pass whatever the inputs said.
    expect(Object.keys(procedures).length).toBeGreaterThan(100);
    expect(names).toContainEqual({ path: 'admin.templates.create', name: 'templateName' });
    expect(names).toContainEqual({ path: 'admin.campaigns.saveDraft', name: 'htmlContent' });
  });

  it('name their fields in camelCase, but for the listed exceptions', () => {
    const snake = names.filter(({ name }) => name.includes('_')).map(({ path, name }) => `${path} ${name}`);
    expect(snake.filter((key) => !(key in EXCEPTIONS))).toEqual([]);
  });

  it('list no exception that no input needs', () => {
    const keys = new Set(names.map(({ path, name }) => `${path} ${name}`));
    expect(Object.keys(EXCEPTIONS).filter((key) => !keys.has(key))).toEqual([]);
  });
});
