// What other features may use of live/ (decision 049): they import this file, never its others.
export { createChannelHub, type LiveHubOptions, reconnectDelay } from './channel-hub.ts';
export { createWakeup, WATCH_RECHECK_MS, WatchAccessEndedError } from './watch.ts';
