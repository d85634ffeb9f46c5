import { parentPort, workerData } from 'node:worker_threads';
import { compressFile } from './compress-file.ts';

// One of precompress()'s threads: compresses the files it is given, then reports how many got a
// compressed copy.
const files = workerData as string[];
let compressed = 0;
for (const file of files) if (await compressFile(file)) compressed += 1;
parentPort?.postMessage(compressed);
