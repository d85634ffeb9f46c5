// What other features may use of segments/ (decision 049): they import this file, never its others.
export { MAY_RECEIVE_MARKETING, segmentAudience } from './compile.ts';
export { countSegmentAudience, findSegment, type StoredSegment } from './segments.ts';
// Campaign audiences leave inactive contacts out; the re-permission flow asks them (decision 089).
export { inactiveContactSql } from './sunset.ts';
