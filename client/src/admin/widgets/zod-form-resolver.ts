import * as resolvers from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import type { $ZodType } from 'zod/v4/core';

type Zod4Resolver = (
  schema: $ZodType,
  options?: { errorPriority?: 'first' | 'last' },
) => (values: Record<string, unknown>) => Record<string, ReactNode>;

// mantine-form-zod-resolver 1.3's ESM typings re-export './zod-resolver' without an extension, which
// `moduleResolution: nodenext` cannot follow, so its functions arrive untyped. This restores the
// signature its CommonJS typings declare; admin forms import the resolver from here.
export const zod4Resolver = (resolvers as unknown as { zod4Resolver: Zod4Resolver }).zod4Resolver;
