import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileMergeTags,
  addVariable,
  escapeHtml,
  extractVariables,
  mergeTags,
  renderPreview,
  tagsLackingValue,
  templateInputSchema,
} from './variables.ts';

describe('extractVariables', () => {
  it('returns unique names in order of first appearance', () => {
    expect(extractVariables('<p>{{b}} {{a}} {{b}} {{c_1}} {{a}}</p>')).toEqual(['b', 'a', 'c_1']);
  });

  it('accepts spaces inside the braces', () => {
    expect(extractVariables('{{ first_name }} and {{first_name}} and {{  city}}')).toEqual([
      'first_name',
      'city',
    ]);
  });

  it('ignores tags that are not word characters only', () => {
    expect(extractVariables('{{first name}} {{a-b}} {{}} {{ }} {name} {{x.y}} {{é}}')).toEqual([]);
  });

  it('returns nothing for HTML without tags, and is repeatable', () => {
    expect(extractVariables('<p>Hello</p>')).toEqual([]);
    const html = '{{a}}';
    expect(extractVariables(html)).toEqual(['a']);
    expect(extractVariables(html)).toEqual(['a']);
  });
});

describe('tagsLackingValue (the merge-tag warning, decision 011)', () => {
  it('leaves out built-in tags, which always have a value or a default', () => {
    const html =
      '<p>{{first_name}} {{full_name}} {{email}} <a href="{{unsubscribe_url}}">x</a> {{preferences_url}}</p>';
    expect(tagsLackingValue('Hi {{first_name}}', html, {})).toEqual([]);
  });

  it('names each custom tag without a non-blank value, subject first, once', () => {
    const html = '<p>{{brand}} {{model}} {{ brand }} {{city}}</p>';
    expect(tagsLackingValue('{{city}} offer', html, { brand: 'Rolex', model: '  ' })).toEqual([
      'city',
      'model',
    ]);
    expect(tagsLackingValue('{{city}} offer', html, { brand: 'Rolex', model: 'GMT', city: 'Perth' })).toEqual(
      [],
    );
  });

  it('does not read inherited properties as values', () => {
    expect(tagsLackingValue('', '{{constructor}} {{toString}}', {})).toEqual(['constructor', 'toString']);
  });
});

describe('addVariable', () => {
  it('adds a trimmed name', () => {
    expect(addVariable(['a'], '  first_name ')).toEqual({ ok: true, list: ['a', 'first_name'] });
  });

  it('requires a name', () => {
    expect(addVariable(['a'], '   ')).toEqual({ ok: false, list: ['a'], error: 'Variable name is required' });
  });

  it('allows only letters, numbers and underscores', () => {
    for (const bad of ['first name', 'a-b', '{{a}}', 'naïve']) {
      expect(addVariable([], bad)).toEqual({
        ok: false,
        list: [],
        error: 'Variable names can only contain letters, numbers and underscores',
      });
    }
    expect(addVariable([], 'Name_2').ok).toBe(true);
  });

  it('refuses duplicates', () => {
    expect(addVariable(['name'], ' name ')).toEqual({
      ok: false,
      list: ['name'],
      error: 'Variable already exists',
    });
  });

  it('does not mutate the input list', () => {
    const list = ['a'];
    addVariable(list, 'b');
    expect(list).toEqual(['a']);
  });
});

describe('renderPreview', () => {
  it('substitutes samples and brackets names without a sample', () => {
    expect(
      renderPreview('Hi {{first_name}}, re {{ brand }} {{model}}', { first_name: 'Ann', brand: 'Rolex' }),
    ).toBe('Hi Ann, re Rolex [model]');
  });

  it('does not expand replacement patterns or inherited properties', () => {
    expect(renderPreview('{{a}}', { a: '$& $1' })).toBe('$& $1');
    expect(renderPreview('{{constructor}} {{toString}}', {})).toBe('[constructor] [toString]');
  });

  it('uses an empty sample as given', () => {
    expect(renderPreview('[{{a}}]', { a: '' })).toBe('[]');
  });
});

describe('mergeTags', () => {
  it('escapes values when asked', () => {
    expect(mergeTags('<p>{{name}}</p>', { name: `<b>O'Neil & "Co"</b>` }, true)).toBe(
      '<p>&lt;b&gt;O&#39;Neil &amp; &quot;Co&quot;&lt;/b&gt;</p>',
    );
  });

  it('inserts raw values when escape is false', () => {
    expect(mergeTags('Hello {{ name }}', { name: 'A & B' }, false)).toBe('Hello A & B');
  });

  it('leaves unknown tags untouched, exactly as written', () => {
    expect(mergeTags('{{known}} {{ unknown }} {{constructor}}', { known: 'x' }, true)).toBe(
      'x {{ unknown }} {{constructor}}',
    );
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('templateInputSchema', () => {
  const valid = {
    templateName: 'Monthly update',
    subject: 'Market news for {{first_name}}',
    description: 'Sent on the first Monday',
    htmlContent: '<p>Hello {{first_name}}</p>',
    variables: ['first_name'],
  };

  function messages(input: unknown): string[] {
    const result = templateInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  }

  it('accepts a valid template and trims text fields', () => {
    const parsed = templateInputSchema.parse({
      ...valid,
      templateName: '  Monthly update ',
      subject: ' Hi ',
    });
    expect(parsed.templateName).toBe('Monthly update');
    expect(parsed.subject).toBe('Hi');
    expect(parsed.description).toBe('Sent on the first Monday');
  });

  it('makes description optional, normalising empty to null', () => {
    expect(templateInputSchema.parse({ ...valid, description: undefined }).description).toBeNull();
    expect(templateInputSchema.parse({ ...valid, description: '  ' }).description).toBeNull();
    expect(templateInputSchema.parse({ ...valid, description: null }).description).toBeNull();
    expect(messages({ ...valid, description: 'd'.repeat(500) })).toEqual([]);
    expect(messages({ ...valid, description: 'd'.repeat(501) })).toEqual([
      'Description must be less than 500 characters',
    ]);
  });

  it('requires a template name of at most 200 characters', () => {
    expect(messages({ ...valid, templateName: ' ' })).toEqual(['Template name is required']);
    expect(messages({ ...valid, templateName: undefined })).toEqual(['Template name is required']);
    expect(messages({ ...valid, templateName: 'n'.repeat(200) })).toEqual([]);
    expect(messages({ ...valid, templateName: 'n'.repeat(201) })).toEqual([
      'Template name must be less than 200 characters',
    ]);
  });

  it('requires a single-line subject of at most 150 characters', () => {
    expect(messages({ ...valid, subject: '' })).toEqual(['Subject is required']);
    expect(messages({ ...valid, subject: undefined })).toEqual(['Subject is required']);
    expect(messages({ ...valid, subject: 's'.repeat(150) })).toEqual([]);
    expect(messages({ ...valid, subject: 's'.repeat(151) })).toEqual([
      'Subject must be less than 150 characters',
    ]);
    expect(messages({ ...valid, subject: 'Hi\r\nBcc: a@b.co' })).toEqual([
      'Subject cannot contain line breaks',
    ]);
    expect(messages({ ...valid, subject: 'Hi\nthere' })).toEqual(['Subject cannot contain line breaks']);
    // A trailing break is refused too, not trimmed away.
    expect(messages({ ...valid, subject: 'Hi there\r' })).toEqual(['Subject cannot contain line breaks']);
  });

  it('refuses CR or LF in the template name', () => {
    expect(messages({ ...valid, templateName: 'Two\nlines' })).toEqual([
      'Template name cannot contain line breaks',
    ]);
    expect(messages({ ...valid, templateName: 'Trailing\r\n' })).toEqual([
      'Template name cannot contain line breaks',
    ]);
  });

  it('requires HTML content under 5 MB', () => {
    expect(messages({ ...valid, htmlContent: '' })).toEqual(['HTML content is required']);
    expect(messages({ ...valid, htmlContent: ' \n ' })).toEqual(['HTML content is required']);
    expect(messages({ ...valid, htmlContent: undefined })).toEqual(['HTML content is required']);
    expect(messages({ ...valid, htmlContent: 'a'.repeat(5 * 1024 * 1024 - 1) })).toEqual([]);
    expect(messages({ ...valid, htmlContent: 'a'.repeat(5 * 1024 * 1024) })).toEqual([
      'HTML content must be less than 5MB',
    ]);
  });

  it('checks variables: word names, unique, at most 100, default empty', () => {
    expect(templateInputSchema.parse({ ...valid, variables: undefined }).variables).toEqual([]);
    expect(messages({ ...valid, variables: ['ok', 'not ok'] })).toEqual([
      'Variable names can only contain letters, numbers and underscores',
    ]);
    expect(messages({ ...valid, variables: ['a', 'a'] })).toEqual(['Variables must be unique']);
    const hundred = Array.from({ length: 100 }, (_, i) => `v${i}`);
    expect(messages({ ...valid, variables: hundred })).toEqual([]);
    expect(messages({ ...valid, variables: [...hundred, 'v100'] })).toEqual([
      'A template can have at most 100 variables',
    ]);
  });
});

describe('compileMergeTags', () => {
  it('fills like mergeTags without escaping, keeping unknown tags, for any template and values', () => {
    const name = fc.constantFrom('first_name', 'email', 'unknown', 'x1');
    const piece = fc.oneof(
      fc.string(),
      name.map((n) => `{{${n}}}`),
      name.map((n) => `{{ ${n} }}`),
      fc.constant('{{'),
      fc.constant('}}'),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
        fc.dictionary(name, fc.string()),
        (template, values) => {
          expect(compileMergeTags(template)(values)).toBe(mergeTags(template, values, false));
        },
      ),
      { seed: 24, numRuns: 500 },
    );
  });
});
