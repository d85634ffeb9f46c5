import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { notify, notifyError, notifySuccess, notifyWarning } from './notify.ts';

function shown() {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map(({ color, title, message, autoClose }) => ({
    color,
    title,
    message,
    autoClose,
  }));
}

afterEach(() => cleanNotifications());

describe('the admin toasts', () => {
  it('show success green and a warning orange, with the given title', () => {
    notifySuccess('Segment deleted');
    notifyWarning('Sending domain checked', { title: 'Check the DNS', autoClose: 10_000 });
    expect(shown()).toEqual([
      { color: 'green', title: undefined, message: 'Segment deleted', autoClose: undefined },
      { color: 'orange', title: 'Check the DNS', message: 'Sending domain checked', autoClose: 10_000 },
    ]);
  });

  it('show a nothing-to-do notice yellow', () => {
    notify('notice', 'No unsubscribe logs to export');
    expect(shown()).toEqual([
      { color: 'yellow', title: undefined, message: 'No unsubscribe logs to export', autoClose: undefined },
    ]);
  });

  it("show a failure red: a sentence as it is, a failed call in the server's words", () => {
    notifyError('Failed to save segment: Name taken');
    notifyError(
      TRPCClientError.from({
        error: { message: 'A segment with this name exists', code: -32000, data: { code: 'CONFLICT' } },
      }),
      { title: 'Not saved' },
    );
    expect(shown()).toEqual([
      { color: 'red', title: undefined, message: 'Failed to save segment: Name taken', autoClose: undefined },
      { color: 'red', title: 'Not saved', message: 'A segment with this name exists', autoClose: undefined },
    ]);
  });

  it('never shows a crash as it is', () => {
    notifyError(
      TRPCClientError.from({
        error: {
          message: 'relation "x" does not exist',
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR' },
        },
      }),
    );
    expect(shown().map((n) => n.message)).toEqual(['Something went wrong. Please try again.']);
  });
});
