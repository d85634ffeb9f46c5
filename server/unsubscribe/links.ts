import type { AppConfig } from '../config/app-config.ts';
import { signToken, type UnsubscribeTokenPayload } from './signed-token.ts';

type LinkConfig = Pick<AppConfig, 'appUrl' | 'appSecret'>;

export const PREFERENCES_PATH = '/unsubscribe';
export const ONE_CLICK_PATH = '/api/unsubscribe/one-click';

/** The marketing-preferences page for one contact (and campaign): the visible "unsubscribe" link. */
export function preferencesUrl(config: LinkConfig, payload: UnsubscribeTokenPayload): string {
  return `${config.appUrl}${PREFERENCES_PATH}?token=${signToken(config.appSecret, payload)}`;
}

/** The RFC 8058 target for the `List-Unsubscribe` header; mail clients POST to it. */
export function oneClickUnsubscribeUrl(config: LinkConfig, payload: UnsubscribeTokenPayload): string {
  return `${config.appUrl}${ONE_CLICK_PATH}?token=${signToken(config.appSecret, payload)}`;
}

/** Both links and the headers every marketing e-mail carries (decision 004). */
export function unsubscribeLinks(
  config: LinkConfig,
  payload: UnsubscribeTokenPayload,
): { preferencesUrl: string; oneClickUrl: string; headers: Record<string, string> } {
  const oneClickUrl = oneClickUnsubscribeUrl(config, payload);
  return {
    preferencesUrl: preferencesUrl(config, payload),
    oneClickUrl,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
