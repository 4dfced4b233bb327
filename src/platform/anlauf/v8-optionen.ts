/**
 * Imported first by main.ts. Node 20's optimizer (V8 11.3) can spend minutes in escape analysis
 * on mysql2's generated row parsers for our wide joined reads (nodejs/node#48581, fixed in V8
 * 11.8): a background thread at 100 % CPU, and a process that cannot exit until it ends (CI's seed
 * hung past 600 s). Without escape analysis those parsers run as fast (measured: 240 rows of 100
 * columns, 4.0–4.6 ms with and without it); mysql2's static parsers would avoid the compile too
 * but take 1.8 times as long on such a list.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-turbo-escape');
