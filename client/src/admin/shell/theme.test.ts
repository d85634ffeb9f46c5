import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SCROLLBAR_HIDE_MS,
  adminCssVariables,
  adminTheme,
  contrastRatio,
  readableColorVariables,
} from './AdminProviders.tsx';

describe('admin theme', () => {
  it("uses the site's gold as the primary colour", () => {
    expect(adminTheme.primaryColor).toBe('gold');
    expect(adminTheme.colors?.gold?.[7]).toBe('#8c6516');
  });

  it('hides scroll bars 600 ms after scrolling stops (public spec, admin constants)', () => {
    expect(ADMIN_SCROLLBAR_HIDE_MS).toBe(600);
    expect(adminTheme.components?.ScrollArea?.defaultProps).toMatchObject({ scrollHideDelay: 600 });
  });
});

describe('readable colours (decision 056)', () => {
  const variables = readableColorVariables(DEFAULT_THEME.colors);
  const stripe = DEFAULT_THEME.colors.gray[0];

  it('fixes what Mantine gets wrong: yellow light badges, teal filled, green text', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.yellow[9], DEFAULT_THEME.colors.yellow[1])).toBeLessThan(3);
    expect(contrastRatio(DEFAULT_THEME.colors.teal[7], '#ffffff')).toBeLessThan(3.2);
    expect(variables['--mantine-color-yellow-light-color']).not.toBe(DEFAULT_THEME.colors.yellow[9]);
    expect(variables['--mantine-color-teal-filled']).toBe(DEFAULT_THEME.colors.teal[9]);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s reads at 4.5:1 in every variant', (name) => {
    const shades = DEFAULT_THEME.colors[name] ?? [];
    const at = (suffix: string) => variables[`--mantine-color-${name}-${suffix}`] ?? '';
    expect(contrastRatio(at('filled'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(at('outline'), stripe)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(at('text'), stripe)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(at('light-color'), shades[1] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(at('light-color'), shades[2] ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads well as it is', () => {
    expect(variables['--mantine-color-gray-filled']).toBe(DEFAULT_THEME.colors.gray[7]);
    expect(readableColorVariables({ gold: [...(adminTheme.colors?.gold ?? [])] })).toMatchObject({
      '--mantine-color-gold-filled': '#8c6516',
    });
  });
});

describe('transient states (decision 090)', () => {
  it('names every dialog, drawer and toast close button', () => {
    const close = (name: 'Modal' | 'Drawer' | 'Notification') =>
      (adminTheme.components?.[name]?.defaultProps as { closeButtonProps?: Record<string, string> })
        ?.closeButtonProps?.['aria-label'];
    expect(close('Modal')).toBe('Close dialog');
    expect(close('Drawer')).toBe('Close drawer');
    expect(close('Notification')).toBe('Close notification');
  });

  it('writes field errors in a red that reads at 4.5:1 on white; Mantine’s red 6 does not', () => {
    // #fa5252 on white: 3.3:1 (axe's figure for the admin's form errors was 3.28:1).
    expect(contrastRatio(DEFAULT_THEME.colors.red[6], '#ffffff')).toBeLessThan(3.5);
    const { light } = adminCssVariables(mergeMantineTheme(DEFAULT_THEME, adminTheme));
    expect(contrastRatio(light['--mantine-color-error'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
