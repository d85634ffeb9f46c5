import { MantineProvider, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { defaultSiteConfig } from '#shared/site/config.ts';
import { DownloadError } from './download.ts';
import type { ExportMessages } from './ExportCsvButton.tsx';
import { ListFooter } from './ListStates.tsx';
import { ListTable } from './ListTable.tsx';
import { type ListPageState, useListPage } from './useListPage.ts';

// The page title names the admin product, which reads the build's site configuration.
vi.stubGlobal('__SITE_CONFIG__', defaultSiteConfig);
const { ListPage } = await import('./ListPage.tsx');
const { exportNotice } = await import('./ExportCsvButton.tsx');

// The states every admin list shows, rendered on the server side of React (no DOM needed): what
// the e2e specs find by text and role on each page comes from here once.

const html = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);

interface Row {
  id: string;
  email: string;
}

function table(rows: Row[] | undefined, pending = false, hint: string | null = null) {
  return html(
    <ListTable
      columns={['Email', { label: 'Actions', hidden: true }]}
      minWidth={600}
      rows={rows}
      pending={pending}
      renderRow={(row) => (
        <Table.Tr key={row.id}>
          <Table.Td>{row.email}</Table.Td>
          <Table.Td>View</Table.Td>
        </Table.Tr>
      )}
      empty={{ message: 'No contacts found', hint }}
    />,
  );
}

const bodyRows = (markup: string) => markup.split('<tbody')[1]?.match(/<tr/g)?.length ?? 0;

describe('ListTable', () => {
  it('shows ten hidden skeleton rows while the first page loads', () => {
    const markup = table(undefined, true);
    expect(bodyRows(markup)).toBe(10);
    expect(markup.match(/<tr[^>]*aria-hidden="true"/g)).toHaveLength(10);
    expect(markup).not.toContain('No contacts found');
  });

  it('shows the empty text, with the hint only when given', () => {
    const plain = table([]);
    expect(plain).toContain('No contacts found');
    expect(plain).toContain('colSpan="2"');
    expect(plain).not.toContain('Try adjusting your search');
    expect(table([], false, 'Try adjusting your search')).toContain('Try adjusting your search');
  });

  it('shows one row per item under the headings, a hidden heading read out only', () => {
    const markup = table([
      { id: '1', email: 'a@example.com' },
      { id: '2', email: 'b@example.com' },
    ]);
    expect(bodyRows(markup)).toBe(2);
    expect(markup).toContain('a@example.com');
    expect(markup).toMatch(/<th[^>]*>Email<\/th>/);
    expect(markup).toMatch(/<th[^>]*><span[^>]*>Actions<\/span><\/th>/);
  });
});

describe('ListPage', () => {
  it('shows only the refusal to a role that may not read the list', () => {
    const markup = html(
      <ListPage title="Outbox" forbidden filters={<input aria-label="Search" />}>
        <p>rows</p>
      </ListPage>,
    );
    expect(markup).toContain('Your role does not allow this.');
    expect(markup).not.toContain('rows');
    expect(markup).not.toContain('Outbox');
    expect(
      html(
        <ListPage title="Audit log" forbidden forbiddenMessage="Only an Owner can read the audit log.">
          rows
        </ListPage>,
      ),
    ).toContain('Only an Owner can read the audit log.');
  });

  it('shows heading, actions, filters, each failed read, rows and footer in that order', () => {
    const markup = html(
      <ListPage
        title="Contacts"
        actions={<button>Export CSV</button>}
        filters={<input aria-label="Search contacts" />}
        errors={[null, new Error('The list could not be read.')]}
        footer={<p>23 contacts</p>}
      >
        <p>rows</p>
      </ListPage>,
    );
    const order = [
      '<h1',
      'Export CSV',
      'Search contacts',
      'The list could not be read.',
      'rows',
      '23 contacts',
    ];
    const at = order.map((text) => markup.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(markup.match(/role="alert"/g)).toHaveLength(1);
  });
});

describe('ListFooter', () => {
  const page = (totalCount: number, totalPages: number, totalIsCapped?: boolean) =>
    html(
      <ListFooter
        data={{ rows: [{ id: 'a' }], totalCount, totalPages, page: 1, totalIsCapped }}
        noun={{ one: 'campaign', many: 'campaigns' }}
        label="Campaigns pages"
        onNavigate={() => undefined}
      />,
    );

  it('counts the rows, pages only past one page, and says when a count was capped', () => {
    expect(page(1, 1)).toContain('1 campaign<');
    expect(page(1, 1)).not.toContain('Campaigns pages');
    expect(page(23, 3)).toContain('23 campaigns');
    expect(page(23, 3)).toContain('aria-label="Campaigns pages"');
    expect(page(1000, 50, true)).toContain('More than 1,000 campaigns match.');
    expect(page(0, 0)).not.toContain('campaign');
  });
});

describe('useListPage', () => {
  function state(
    options: Parameters<typeof useListPage<{ search?: string; status?: string; page?: number }>>[0],
  ) {
    let captured: ListPageState<{ search?: string; status?: string; page?: number }> | undefined;
    function Probe() {
      captured = useListPage(options);
      return null;
    }
    renderToString(<Probe />);
    if (!captured) throw new Error('not rendered');
    return captured;
  }

  it('reads the URL and writes every change back to it, page 1 after a new search or filter', () => {
    const onSearchChange = vi.fn();
    const list = state({
      search: { search: ' ro ', status: 'paused', page: 3 },
      onSearchChange,
      searchMinLength: 3,
      filterKeys: ['status'],
    });
    expect(list).toMatchObject({ term: ' ro ', applied: '', page: 3, anchor: undefined, filtered: true });
    list.setSearch('rolex');
    expect(onSearchChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: 'rolex', status: 'paused', page: undefined }),
    );
    list.setFilters({ status: undefined });
    expect(onSearchChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: ' ro ', status: undefined, page: undefined }),
    );
    list.goTo({ page: 4, after: '0a1b2c3d-0000-4000-8000-00000000abcd' });
    expect(onSearchChange).toHaveBeenLastCalledWith({ search: ' ro ', status: 'paused', page: 4 });
  });
});

describe('export notices', () => {
  const messages: ExportMessages = {
    successTitle: 'Export successful',
    success: (n) => `Exported ${n} unsubscribe logs successfully`,
    failed: 'Failed to export logs',
    nothingToExport: 'No unsubscribe logs to export',
  };

  it('reports the rows, an empty export as a notice, and the server words or the fallback', () => {
    expect(exportNotice({ rowCount: 3 }, messages)).toEqual({
      tone: 'success',
      title: 'Export successful',
      message: 'Exported 3 unsubscribe logs successfully',
    });
    expect(exportNotice({ error: new DownloadError(404, 'none') }, messages)).toEqual({
      tone: 'notice',
      message: 'No unsubscribe logs to export',
    });
    expect(
      exportNotice({ error: new DownloadError(403, 'Your role does not allow this.') }, messages),
    ).toMatchObject({
      tone: 'error',
      message: 'Your role does not allow this.',
    });
    expect(exportNotice({ error: new DownloadError(500, '') }, messages).message).toBe(
      'Failed to export logs',
    );
    expect(exportNotice({ error: new TypeError('Failed to fetch') }, messages).message).toBe(
      'Failed to export logs',
    );
    const { nothingToExport: _, ...withoutEmpty } = messages;
    expect(exportNotice({ error: new DownloadError(404, 'No such list') }, withoutEmpty)).toMatchObject({
      tone: 'error',
      message: 'No such list',
    });
  });
});
