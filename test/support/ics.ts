/**
 * Reads an iCalendar text back (RFC 5545) for tests: lines unfolded, each property split into its
 * name, parameters and value, grouped by the component they sit in. Enough to check what a calendar
 * client reads of our invitations (decision 062), not a general parser.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  type: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line.length > 0);
}

function parseLine(line: string): IcsProperty {
  const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const head = line.slice(0, colon);
  const value = line.slice(colon + 1);
  const [name = '', ...rawParams] = head.split(';');
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value };
}

export function parseIcs(text: string): IcsComponent {
  if (!text.includes('\r\n')) throw new Error('iCalendar lines must end with CRLF');
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of unfold(text)) {
    const prop = parseLine(line);
    if (prop.name === 'BEGIN') {
      const component: IcsComponent = { type: prop.value, properties: [], components: [] };
      stack.at(-1)?.components.push(component);
      stack.push(component);
      root ??= component;
    } else if (prop.name === 'END') {
      const closed = stack.pop();
      if (closed?.type !== prop.value) throw new Error(`END:${prop.value} closes ${closed?.type}`);
    } else {
      const current = stack.at(-1);
      if (!current) throw new Error(`property outside a component: ${line}`);
      current.properties.push(prop);
    }
  }
  if (!root || stack.length > 0) throw new Error('unbalanced iCalendar');
  return root;
}

/** The value of a component's first property of that name (unescaped), or undefined. */
export function icsValue(component: IcsComponent, name: string): string | undefined {
  const value = component.properties.find((p) => p.name === name)?.value;
  return value?.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
}

export function icsProperty(component: IcsComponent, name: string): IcsProperty | undefined {
  return component.properties.find((p) => p.name === name);
}
