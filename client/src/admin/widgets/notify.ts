import { type NotificationData, notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { errorMessage } from './errors.ts';

/*
 * Every toast in the admin goes through here, so each kind of outcome has one colour (decision 056
 * makes every colour readable) and a failed call always shows the words errorMessage picks for
 * people, never a stack trace (docs/decisions/082-libraries-through-their-documented-doors.md).
 */

/** What a toast says about the outcome: done, done but look, nothing to do, or failed. */
export type NoticeTone = 'success' | 'warning' | 'notice' | 'error';

const TONE_COLORS: Record<NoticeTone, string> = {
  success: 'green',
  warning: 'orange',
  notice: 'yellow',
  error: 'red',
};

/** Mantine's own options a toast may set: a heading, an id to replace it by, its time on screen. */
export type NotifyOptions = Partial<Pick<NotificationData, 'title' | 'id' | 'autoClose'>>;

export function notify(tone: NoticeTone, message: ReactNode, options: NotifyOptions = {}): void {
  notifications.show({ ...options, color: TONE_COLORS[tone], message });
}

export function notifySuccess(message: ReactNode, options?: NotifyOptions): void {
  notify('success', message, options);
}

export function notifyWarning(message: ReactNode, options?: NotifyOptions): void {
  notify('warning', message, options);
}

/** A failure: a sentence as it is, or a failed call's error in the words errorMessage picks. */
export function notifyError(cause: unknown, options?: NotifyOptions): void {
  notify('error', typeof cause === 'string' ? cause : errorMessage(cause), options);
}
