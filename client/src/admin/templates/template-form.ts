import { useForm } from '@mantine/form';
import { STARTER_TEMPLATE_HTML } from '#shared/templates/kinds.ts';
import { type TemplateDto, templateInputSchemaFor } from '#shared/templates/schemas.ts';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';

export type TemplateKind = TemplateDto['templateType'];

// A type, not an interface: the zod resolver takes values as Record<string, unknown>.
export type TemplateFormValues = {
  templateName: string;
  subject: string;
  /** The inbox preview text (decision 011); blank: none. */
  preheader: string;
  description: string;
  htmlContent: string;
  /** Blank: the text part is generated from the HTML (decision 024). */
  textContent: string;
  variables: string[];
  variableDefaults: Record<string, string>;
};

/** A saved template's fields, or a new one of a kind starting from that kind's starter HTML. */
export function templateFormValues(
  template: TemplateDto | undefined,
  kind: TemplateKind,
): TemplateFormValues {
  return {
    templateName: template?.templateName ?? '',
    subject: template?.subject ?? '',
    preheader: template?.preheader ?? '',
    description: template?.description ?? '',
    htmlContent: template?.htmlContent ?? STARTER_TEMPLATE_HTML[kind],
    textContent: template?.textContent ?? '',
    variables: template?.variables ?? [],
    variableDefaults: template?.variableDefaults ?? {},
  };
}

/** The template form: the kind's shared schema (its merge-tag rules, decision 011), checked on blur. */
export function useTemplateForm(template: TemplateDto | undefined, kind: TemplateKind) {
  return useForm<TemplateFormValues>({
    mode: 'controlled',
    initialValues: templateFormValues(template, kind),
    validate: zod4Resolver(templateInputSchemaFor(kind), { errorPriority: 'first' }),
    validateInputOnBlur: true,
  });
}

/** The form as the hook returns it (values, rules and all), for the parts that take it. */
export type TemplateForm = ReturnType<typeof useTemplateForm>;

/** The listed variables, then those found in the HTML that are not listed yet. */
export function withExtracted(variables: readonly string[], found: readonly string[]): string[] {
  return [...variables, ...found.filter((name) => !variables.includes(name))];
}
